export { type CopyMeasure, copyMeasured } from './copyMeasured.ts';
