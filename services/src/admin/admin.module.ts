import { Module } from '@nestjs/common';
import { AddUserHandler } from './add-user.command';
import { EditUserHandler } from './edit-user.command';
import { ChangeOfficeController } from './change-office.controller';
import { OfficesController } from './offices.controller';
import { UsersController } from './users.controller';

/** The organisation over HTTP: the users and office lists, agent office transfer. */
@Module({ controllers: [UsersController, OfficesController, ChangeOfficeController], providers: [AddUserHandler, EditUserHandler] })
export class AdminModule {}
