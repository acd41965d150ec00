export { type JsonMeasure, measureJson } from './measureJson.ts';
