import { Module } from '@nestjs/common';
import { AddMarketHandler } from './add-market.command';
import { AddOfficeHandler } from './add-office.command';
import { EditOfficeHandler } from './edit-office.command';
import { AddUserHandler } from './add-user.command';
import { EditMarketHandler } from './edit-market.command';
import { MarketsController } from './markets.controller';
import { SetUnitStatusHandler } from './set-unit-status.command';
import { EditUserHandler } from './edit-user.command';
import { ChangeOfficeController } from './change-office.controller';
import { OfficesController } from './offices.controller';
import { UsersController } from './users.controller';

/** The organisation over HTTP: users, IBOs/markets and offices, agent office transfer. */
@Module({
  controllers: [UsersController, MarketsController, OfficesController, ChangeOfficeController],
  providers: [AddUserHandler, EditUserHandler, AddMarketHandler, EditMarketHandler, AddOfficeHandler, EditOfficeHandler, SetUnitStatusHandler],
})
export class AdminModule {}
