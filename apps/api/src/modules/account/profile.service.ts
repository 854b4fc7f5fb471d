import {
  type Address,
  type AddressUpdateRequest,
  type BankAccount,
  checkIban,
  IBAN_MESSAGES,
  type IbanProblem,
  type User,
  type UserUpdateRequest,
} from '@vaultline/shared';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { verifyPassword } from '../../lib/password';
import { pgError } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { SystemService } from '../system/system.service';
import { findUserById } from './account.repository';
import { toUser } from './account.service';
import { assertBirthDay } from './birth-day';
import * as repo from './profile.repository';

export interface ProfileDeps {
  db: Db;
  mail: Pick<MailService, 'send'>;
  system: Pick<SystemService, 'countries'>;
}

const userGone = () => notFound('This account no longer exists', 'USER_NOT_FOUND');
const emailTaken = () =>
  conflict('An account with this e-mail address already exists. Please log in.', 'EMAIL_TAKEN');

/** The code each IBAN problem is reported with (an empty IBAN never passes the route's schema). */
const IBAN_CODES = {
  required: 'IBAN_CHARACTERS',
  characters: 'IBAN_CHARACTERS',
  country: 'IBAN_COUNTRY',
  length: 'IBAN_LENGTH',
  format: 'IBAN_FORMAT',
  checksum: 'IBAN_CHECKSUM',
} as const satisfies Record<IbanProblem, string>;

function toBankAccount(b: { id: string; iban: string; status: number; creationDate: Date }): BankAccount {
  return { id: b.id, iban: b.iban, status: b.status, creationDate: b.creationDate.toISOString() };
}

/** My-account changes (spec-2 §2): profile fields, postal address and the bank account's IBAN. */
export function createProfileService({ db, mail, system }: ProfileDeps) {
  return {
    /**
     * Applies the changed fields and answers the user. A new e-mail needs the current password and
     * must be free; the old address is told of the change, in case someone else made it.
     */
    async update(userId: string, input: UserUpdateRequest): Promise<User> {
      const current = await findUserById(db, userId);
      if (!current) throw userGone();
      const { currentPassword, ...fields } = input;
      const set: repo.ProfileFields = {};
      if (fields.firstName !== undefined) set.firstName = fields.firstName;
      if (fields.lastName !== undefined) set.lastName = fields.lastName;
      if (fields.phoneNumber !== undefined) set.phoneNumber = fields.phoneNumber;
      if (fields.birthDay !== undefined) {
        assertBirthDay(fields.birthDay);
        set.birthDay = fields.birthDay;
      }
      const newEmail =
        fields.email !== undefined && fields.email !== current.email ? fields.email : undefined;
      if (newEmail !== undefined) {
        if (!currentPassword) {
          const message = 'Please enter your current password to change your e-mail address';
          throw badRequest(message, 'CURRENT_PASSWORD_REQUIRED', { currentPassword: message });
        }
        if (!(await verifyPassword(current.passwordHash, currentPassword))) {
          throw new AppError(400, 'WRONG_PASSWORD', 'Your current password is not correct', {
            currentPassword: 'Your current password is not correct',
          });
        }
        if (await repo.emailUsedByOther(db, newEmail, userId)) throw emailTaken();
        set.email = newEmail;
      }
      if (Object.keys(set).length === 0) return toUser(current);
      let updated: Awaited<ReturnType<typeof repo.updateProfile>>;
      try {
        updated = await repo.updateProfile(db, userId, set);
      } catch (err) {
        // Two accounts taking the same address at once: the unique index decides.
        if (pgError(err)?.code === '23505') throw emailTaken();
        throw err;
      }
      if (!updated) throw userGone();
      if (newEmail !== undefined) {
        await mail.send({
          to: current.email,
          subject: 'Your Vaultline e-mail address was changed',
          text: [
            `Hello ${updated.firstName},`,
            '',
            `The e-mail address of your Vaultline account was changed to ${newEmail}.`,
            'If you did not make this change, please contact our support at once.',
          ].join('\n'),
        });
      }
      return toUser(updated);
    },

    async getAddress(userId: string): Promise<Address | null> {
      return (await repo.findAddress(db, userId)) ?? null;
    },

    async setAddress(userId: string, input: AddressUpdateRequest): Promise<Address> {
      const known = (await system.countries()).some((c) => c.id === input.countryId);
      if (!known) {
        const message = 'Please choose a country from the list';
        throw badRequest(message, 'COUNTRY_NOT_FOUND', { countryId: message });
      }
      await repo.upsertAddress(db, userId, input);
      const saved = await repo.findAddress(db, userId);
      if (!saved) throw userGone();
      return saved;
    },

    async getBankAccount(userId: string): Promise<BankAccount | null> {
      const row = await repo.findBankAccount(db, userId);
      return row ? toBankAccount(row) : null;
    },

    /** Checks the IBAN (country, length, format, check digits) and stores it in electronic format. */
    async setIban(userId: string, iban: string): Promise<BankAccount> {
      const checked = checkIban(iban);
      if (!checked.ok) {
        const message = IBAN_MESSAGES[checked.problem];
        throw badRequest(message, IBAN_CODES[checked.problem], { iban: message });
      }
      const row = await repo.upsertBankAccount(db, userId, checked.iban);
      if (!row) throw userGone();
      return toBankAccount(row);
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
