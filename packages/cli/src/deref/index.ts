export { DEREF_HELP, derefText, parseJsonText, runDeref } from './deref.ts';
