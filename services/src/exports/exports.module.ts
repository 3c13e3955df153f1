import { Global, Module } from '@nestjs/common';
import { ExportStarter } from './export-starter';
import { ExportsController } from './exports.controller';

/** Exports: every list's `*_export` call starts one through ExportStarter (for every module); progress and signed downloads. */
@Global()
@Module({ controllers: [ExportsController], providers: [ExportStarter], exports: [ExportStarter] })
export class ExportsModule {}
