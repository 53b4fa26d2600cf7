// From the zod-free constants module: the sign-in screen does not bundle the schema library.
import { PASSWORD_MIN_LENGTH } from '@nocturne/contracts/constants';

export { PASSWORD_MIN_LENGTH };
