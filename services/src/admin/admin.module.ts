import { Module } from '@nestjs/common';
import { ChangeOfficeController } from './change-office.controller';
import { OfficesController } from './offices.controller';

/** The organisation over HTTP: the office list, agent office transfer. */
@Module({ controllers: [OfficesController, ChangeOfficeController] })
export class AdminModule {}
