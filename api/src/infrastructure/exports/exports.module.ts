import { Global, Module } from '@nestjs/common';
import { ExportSlots } from './export-slots.js';

/** The process's download slots, shared by every module that streams an export (one count for all). */
@Global()
@Module({ providers: [ExportSlots], exports: [ExportSlots] })
export class ExportsModule {}
