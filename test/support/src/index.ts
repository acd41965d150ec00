export {
  type AdapterSpec,
  type AdapterTestOptions,
  describeAdapter,
  type ListedCase,
} from './describeAdapter.ts';
export {
  describeExports,
  type ExportedNames,
  type ExportsSpec,
  exportedNames,
} from './describeExports.ts';
export { refsOf } from './refsOf.ts';
export { type ThrownToolSchemaError, toolSchemaError } from './toolSchemaError.ts';
