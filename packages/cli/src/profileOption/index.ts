export {
  PROFILE_OPTION_HELP,
  parseProfile,
  parseProfileList,
} from './profileOption.ts';
