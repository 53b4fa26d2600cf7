import { Query } from '@nestjs/cqrs';
import type { MyDataExport } from '@nocturne/contracts';

export class ExportMyDataQuery extends Query<MyDataExport> {
  constructor(readonly memberId: string) {
    super();
  }
}
