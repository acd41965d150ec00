export { copyMeasured, type MeasuredCopy } from './copyMeasured.ts';
