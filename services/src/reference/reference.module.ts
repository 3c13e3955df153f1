import { Module } from '@nestjs/common';
import { ReferenceController } from './reference.controller';

/** The reference lists and pickers the screens fill their filters from. */
@Module({ controllers: [ReferenceController] })
export class ReferenceModule {}
