export { type JsonMeasure, measureJson, scalarBytes } from './measureJson.ts';
