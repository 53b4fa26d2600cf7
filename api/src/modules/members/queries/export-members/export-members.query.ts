import { Query } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';

/** Every member as CSV, streamed (admins only, PRODUCT.md §6). */
export class ExportMembersQuery extends Query<Readable> {}
