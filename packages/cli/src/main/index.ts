export { MAIN_HELP, main } from './main.ts';
