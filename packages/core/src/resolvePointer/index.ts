export {
  escapePointerToken,
  parsePointer,
  parsePointerFragment,
  resolvePointer,
} from './resolvePointer.ts';
