export {
  type AdapterExpected,
  type AdapterSchemas,
  type AdapterSpec,
  type AdapterTestOptions,
  describeAdapter,
} from './describeAdapter.ts';
export {
  describeExports,
  type ExportedNames,
  type ExportsSpec,
  exportedNames,
} from './describeExports.ts';
export { nestedItems } from './nestedItems.ts';
export {
  PORTABLE_PROFILE_CHECKS,
  providerSchemaErrors,
  withoutNullProperties,
} from './providerSchemaErrors.ts';
export { refsOf } from './refsOf.ts';
export { type ThrownToolSchemaError, toolSchemaError } from './toolSchemaError.ts';
export {
  manyStringProperties,
  rewrittenToolWithRef,
  toolsListRequest,
  toolsListResponse,
  toolWithRecord,
  toolWithRecordOpenAiStrictInput,
  toolWithRef,
  toolWithTooManyProperties,
} from './toolsList.ts';
