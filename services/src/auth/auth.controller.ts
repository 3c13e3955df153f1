import { Controller, HttpCode, Inject, Req } from '@nestjs/common';
import { RouteBody, Serves } from '../platform/http/serves';
import {
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type LoginBody,
  type PasswordForceUpdateBody,
  type RegisterBody,
  type ResetPasswordBody,
} from '@portal/contracts';
import type { Request } from 'express';
import type { CommandContext } from '../platform/commands/command-context';
import type { AuthService, AuthenticatedUser } from './auth.service';
import { AUTH_SERVICE } from './auth.tokens';
import { Command, CurrentUser } from './current-user';

/** doc 1 §7 Auth, plus sign-up and reset by link. Thin: validation here, rules in AuthService. */
@Controller()
export class AuthController {
  constructor(@Inject(AUTH_SERVICE) private readonly auth: AuthService) {}

  @Serves('POST /api/login')
  @HttpCode(200)
  async login(@RouteBody() body: LoginBody, @Req() request: Request) {
    const items = await this.auth.login(body.email, body.password, request.ip ?? 'unknown');
    return { message: 'Login Successfully', items };
  }

  @Serves('POST /api/register')
  @HttpCode(200)
  async register(@RouteBody() body: RegisterBody) {
    await this.auth.register(body.email, body.password);
    return { message: 'Signup Successfully Completed' };
  }

  @Serves('POST /api/forgot_password')
  @HttpCode(200)
  async forgotPassword(@RouteBody() body: ForgotPasswordBody) {
    await this.auth.forgotPassword(body.email);
    return { message: 'We have e-mailed you a link to reset your password' };
  }

  @Serves('POST /api/reset_password')
  @HttpCode(200)
  async resetPassword(@RouteBody() body: ResetPasswordBody) {
    await this.auth.resetPassword(body.token, body.password);
    return { message: 'Your password has been reset. Please login' };
  }

  @Serves('POST /api/v1/password_force_update')
  @HttpCode(200)
  async forceUpdate(@RouteBody() body: PasswordForceUpdateBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext) {
    const items = await this.auth.changePassword(user, body.password, undefined, context);
    return { message: 'Password updated successfully', items };
  }

  @Serves('POST /api/v1/change_password')
  @HttpCode(200)
  async changePassword(@RouteBody() body: ChangePasswordBody, @CurrentUser() user: AuthenticatedUser, @Command() context: CommandContext) {
    const items = await this.auth.changePassword(user, body.password, body.old_password, context);
    return { message: 'Password changed successfully', items };
  }

  @Serves('POST /api/v1/logout')
  @HttpCode(200)
  async logout(@CurrentUser() user: AuthenticatedUser) {
    await this.auth.logout(user);
    return { message: 'Logged out' };
  }
}
