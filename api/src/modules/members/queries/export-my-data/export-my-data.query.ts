import { Query } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';

/** The member's data export: a stream of the MyDataExport document's JSON. */
export class ExportMyDataQuery extends Query<Readable> {
  constructor(readonly memberId: string) {
    super();
  }
}
