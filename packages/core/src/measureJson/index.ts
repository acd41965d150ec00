export {
  dataTooLarge,
  type JsonMeasure,
  MAX_DATA_CONTAINERS,
  measureJson,
  scalarBytes,
} from './measureJson.ts';
