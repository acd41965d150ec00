export {
  CallGate,
  type CallGateOptions,
  DEFAULT_GATE_LIST_TIMEOUT,
  GATE_LIST_ID_PREFIX,
  type GateListRequest,
  MAX_GATE_HELD_MESSAGES,
  MAX_GATE_LIST_PAGES,
} from './CallGate.ts';
