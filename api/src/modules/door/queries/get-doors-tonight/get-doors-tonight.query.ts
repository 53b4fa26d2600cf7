import { Query } from '@nestjs/cqrs';
import type { DoorsTonight } from '@nocturne/contracts';

/** Tonight at each named door, for the overview. */
export class GetDoorsTonightQuery extends Query<DoorsTonight> {}
