import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loopbackFetch } from '../../lib/loopback-fetch';
import type { BillingSettings } from './billing.service';
import type { Gateway, Rail } from './gateway';
import { golomtGateway, type GolomtConfig } from './rails/golomt';
import { hipayGateway, type HipayConfig } from './rails/hipay';
import { qpayGateway, type QpayConfig } from './rails/qpay';
import { unitelGateway, type UnitelConfig } from './rails/unitel';
import { upointGateway, type UpointConfig } from './rails/upoint';
import { posApiReceipts, type PosApiConfig } from './receipts/posapi';
import { sandboxKitOf, type SandboxKitLoader } from '../../sandbox-kit';

/** The rails as configured for this process; unset ones come from the sandbox when it is on. */
export interface PaymentsOptions {
  /** mount the local QPay and Golomt stand-ins for every rail not configured */
  sandbox: boolean;
  qpay?: Omit<QpayConfig, 'fetch' | 'now'>;
  golomt?: Omit<GolomtConfig, 'fetch' | 'variant'>;
  hipay?: Omit<HipayConfig, 'fetch'>;
  upoint?: Omit<UpointConfig, 'fetch' | 'now' | 'confirmationUrl'>;
  /** Unitel carrier billing (an assumed protocol: docs/payments.md) */
  unitel?: Omit<UnitelConfig, 'fetch'>;
  /** how long a pending invoice waits to be paid */
  invoiceTtlMs?: number;
  /** the e-barimt receipt service (PosAPI) */
  posapi?: Omit<PosApiConfig, 'fetch'>;
}

/** where the sandboxes are mounted; Golomt pushes results to the notification route */
export const SANDBOX_PATHS = {
  qpay: '/sandbox/qpay',
  golomt: '/sandbox/golomt',
  hipay: '/sandbox/hipay',
  upoint: '/sandbox/upoint',
  unitel: '/sandbox/unitel',
  posapi: '/sandbox/posapi',
} as const;
export const GOLOMT_NOTIFICATION_PATH = '/api/billing/golomt/notification';

const secret = () => randomBytes(24).toString('base64url');

/**
 * How billing reaches the rails in this process: each configured provider, or the sandbox
 * standing in (mounted on `app`, and reached in-process like any provider over HTTP).
 */
export async function billingSettings(
  app: FastifyInstance,
  context: {
    publicBaseUrl: string;
    options: PaymentsOptions;
    /** the SMS sender of this process: the Unitel sandbox texts its codes through it (/dev/outbox) */
    sms?: { send(phone: string, text: string): Promise<void> };
    /** the sandbox's stand-ins, when the process runs the sandbox */
    sandboxKit?: SandboxKitLoader;
  },
): Promise<BillingSettings> {
  const { publicBaseUrl, options } = context;
  const fetchOwn = loopbackFetch(app, publicBaseUrl);
  let { qpay, golomt, hipay, upoint, unitel, posapi } = options;
  // Mounted only when on, from the kit the process hands in (a production process has none).
  if (options.sandbox && !qpay) {
    const { sandboxQpay } = await sandboxKitOf(context.sandboxKit);
    qpay = {
      baseUrl: `${publicBaseUrl}${SANDBOX_PATHS.qpay}`,
      clientId: 'NOMSAN',
      clientSecret: secret(),
      invoiceCode: 'NOMSAN_INVOICE',
    };
    await app.register(sandboxQpay, { mountPath: SANDBOX_PATHS.qpay, publicBaseUrl, ...qpay, fetch: fetchOwn });
  }
  if (options.sandbox && !golomt) {
    const { sandboxGolomt } = await sandboxKitOf(context.sandboxKit);
    golomt = { baseUrl: `${publicBaseUrl}${SANDBOX_PATHS.golomt}`, token: secret(), secret: secret() };
    await app.register(sandboxGolomt, {
      mountPath: SANDBOX_PATHS.golomt,
      publicBaseUrl,
      token: golomt.token,
      secret: golomt.secret,
      notificationUrl: `${publicBaseUrl}${GOLOMT_NOTIFICATION_PATH}`,
      fetch: fetchOwn,
    });
  }
  if (options.sandbox && !hipay) {
    const { sandboxHipay } = await sandboxKitOf(context.sandboxKit);
    hipay = { baseUrl: `${publicBaseUrl}${SANDBOX_PATHS.hipay}`, entityId: 'NOMSAN', token: secret() };
    await app.register(sandboxHipay, {
      mountPath: SANDBOX_PATHS.hipay,
      publicBaseUrl,
      entityId: hipay.entityId,
      token: hipay.token,
      fetch: fetchOwn,
    });
  }
  if (options.sandbox && !upoint) {
    const { sandboxUpoint } = await sandboxKitOf(context.sandboxKit);
    upoint = { baseUrl: `${publicBaseUrl}${SANDBOX_PATHS.upoint}`, token: secret() };
    await app.register(sandboxUpoint, {
      mountPath: SANDBOX_PATHS.upoint,
      publicBaseUrl,
      token: upoint.token,
      fetch: fetchOwn,
    });
  }
  if (options.sandbox && !unitel) {
    const { sandboxUnitel } = await sandboxKitOf(context.sandboxKit);
    unitel = { baseUrl: `${publicBaseUrl}${SANDBOX_PATHS.unitel}`, merchantId: 'NOMSAN', token: secret() };
    const sms = context.sms;
    await app.register(sandboxUnitel, {
      mountPath: SANDBOX_PATHS.unitel,
      merchantId: unitel.merchantId,
      token: unitel.token,
      sendSms: sms ? (msisdn, text) => sms.send(msisdn, text) : undefined,
    });
  }
  if (options.sandbox && !posapi) {
    const { sandboxPosApi } = await sandboxKitOf(context.sandboxKit);
    await app.register(sandboxPosApi, { mountPath: SANDBOX_PATHS.posapi });
    posapi = {
      baseUrl: `${publicBaseUrl}${SANDBOX_PATHS.posapi}`,
      merchantTin: '00000000000',
      posNo: '10001',
      districtCode: '2501',
      branchNo: '001',
      classificationCode: '8431100',
    };
  }
  const gateways: Partial<Record<Exclude<Rail, 'credits'>, Gateway>> = {};
  if (qpay) gateways.qpay = qpayGateway({ ...qpay, fetch: fetchOwn });
  if (golomt) {
    gateways.golomt = golomtGateway({ ...golomt, fetch: fetchOwn });
    gateways.socialpay = golomtGateway({ ...golomt, variant: 'socialpay', fetch: fetchOwn });
  }
  if (hipay) gateways.hipay = hipayGateway({ ...hipay, fetch: fetchOwn });
  // U-Point has no page of its own: the member confirms with their PIN on ours
  if (upoint)
    gateways.upoint = upointGateway({ ...upoint, confirmationUrl: `${publicBaseUrl}/upoint`, fetch: fetchOwn });
  if (unitel) gateways.unitel = unitelGateway({ ...unitel, fetch: fetchOwn });
  return {
    gateways,
    invoiceTtlMs: options.invoiceTtlMs,
    golomtSecret: golomt?.secret,
    receipts: posapi ? posApiReceipts({ ...posapi, fetch: fetchOwn }) : undefined,
  };
}
