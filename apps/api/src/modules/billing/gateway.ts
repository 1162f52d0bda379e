/**
 * The one interface every payment rail is an adapter on (ARCHITECTURE.md section 5). A rail
 * creates a payment for one attempt at paying an invoice, tells what became of it when asked
 * (a provider's callback is only a trigger: the answer of `check` is what counts), refunds a
 * captured payment and, where the rail has them, saves cards as tokens. Amounts are integer
 * tögrög. Which provider an adapter talks to (the local sandbox or the real one) is
 * configuration: base URL and credentials.
 */

import type { RailName } from '@nomsan/contracts/money';

/** the rails of the API contract */
export type Rail = RailName;

export interface CreatePaymentInput {
  /**
   * Our reference for this attempt, unique across attempts, at most 15 characters of
   * [A-Za-z0-9] (Golomt's `transactionId` must be shorter than 16): the provider's merchant
   * reference (QPay's `sender_invoice_no`).
   */
  reference: string;
  amountMnt: number;
  /** what the payer sees at the provider (the invoice's description) */
  description: string;
  /** where the provider calls us, server to server, when something happened */
  callbackUrl: string;
  /** where the payer's browser is sent back after a hosted page */
  returnUrl: string;
  /** pay with a saved card's gateway token instead of asking the payer (Golomt `genToken`) */
  cardToken?: string;
  /** save the card the payer enters, so it can be used in one tap later */
  saveCard?: boolean;
}

/** A bank app the payer may open to pay a QR invoice (QPay's `urls`). */
export interface BankDeeplink {
  name: string;
  description: string;
  logo: string;
  link: string;
}

/** What the payer does next. */
export type NextAction =
  /** scan or open a bank app (QPay) */
  | { kind: 'qr'; qrText: string; qrImage: string; shortUrl: string | null; deeplinks: BankDeeplink[] }
  /** go to the provider's hosted page (a card form, a wallet's checkout) */
  | { kind: 'redirect'; url: string }
  /** nothing: the rail captured at once (credits, a saved card without a challenge) */
  | { kind: 'done' };

export interface CreatedPayment {
  /** the provider's id of this attempt (QPay `invoice_id`, Golomt `invoice`) */
  providerPaymentId: string;
  action: NextAction;
  /** when the provider stops accepting this attempt, if it says */
  expiresAt: Date | null;
}

/** A card the provider saved for the payer: a token, never the number. */
export interface SavedCardToken {
  token: string;
  /** as the provider shows it, e.g. `4111 11** **** 1111` */
  maskedNumber: string;
  brand: string;
  /** `MM/YY` */
  expiry: string;
}

export type PaymentCheck =
  | { state: 'pending' }
  | {
      state: 'paid';
      /** what the provider says was captured; the caller compares it with the invoice */
      paidAmountMnt: number;
      /** the provider's id of the capture (what a refund names) */
      providerTransactionId: string;
      /** when the payer asked to save the card and the provider did */
      savedCard?: SavedCardToken;
    }
  | { state: 'failed'; code: PaymentFailure; detail: string }
  | { state: 'expired' };

/** Why a payment failed, in words our messages module has a Mongolian text for. */
export type PaymentFailure = 'declined' | 'insufficient_funds' | 'cancelled' | 'timeout' | 'error';

export interface Gateway {
  readonly rail: Rail;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** asks the provider what became of an attempt (by its id and our reference) */
  checkPayment(providerPaymentId: string, reference: string): Promise<PaymentCheck>;
  /** gives back a captured payment in full; resolves with the provider's refund id */
  refund(providerTransactionId: string, amountMnt: number): Promise<{ refundId: string }>;
  /** withdraws an attempt nobody paid (best effort: an expired one needs nothing) */
  cancelPayment?(providerPaymentId: string): Promise<void>;
}

/** A provider answered something the adapter cannot use, or did not answer. */
export class GatewayError extends Error {
  constructor(
    readonly rail: Rail,
    message: string,
    /** the provider's HTTP status, when there was one */
    readonly status?: number,
  ) {
    super(`${rail}: ${message}`);
    this.name = 'GatewayError';
  }
}
