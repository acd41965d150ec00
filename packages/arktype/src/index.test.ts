import { describeExports } from '@toolschema/test-support';

// The adapter's public names; a name added to `index.ts` must be added here, on purpose.
describeExports('@toolschema/arktype', {
  entry: new URL('./index.ts', import.meta.url),
  load: () => import('./index.ts'),
  values: ['toToolInputSchema', 'toToolOutputSchema'],
  types: ['ArkTypeSchema', 'ArkTypeToolSchemaOptions'],
});
