import { Query } from '@nestjs/cqrs';
import type { ScanLogPage } from '@nocturne/contracts';

export class ListScansQuery extends Query<ScanLogPage> {
  constructor(
    readonly limit: number,
    readonly cursor: string | undefined,
  ) {
    super();
  }
}
