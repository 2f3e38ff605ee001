import { deleteSetting, getSetting, setSetting } from "./settings.server";
import type { DatabaseHandle } from "./db.server";
import type { Env } from "./env.server";
import type { Logger } from "./log.server";

export const SETTINGS_CHANNEL = "settings_changed";
const MAINTENANCE_KEY = "maintenance";
/** Promotion campaigns set in the database; they replace content/info/promotions.yml. */
const PROMOTIONS_KEY = "promotions";
const OPERATOR_KEY = "operator";
const REFRESH_MS = 30_000;

export interface MaintenanceState {
  enabled: boolean;
  /** True when MAINTENANCE_MODE forces it (admins cannot switch it off in the panel). */
  forced: boolean;
  /** The operator's words to visitors while it lasts (optional). */
  message: string | null;
  /** When the operator expects to be back (ISO 8601), or null. */
  until: string | null;
}

/** What the admin panel stores for maintenance. */
export interface MaintenanceSetting {
  enabled: boolean;
  message: string | null;
  until: string | null;
}

function readMaintenance(value: unknown): MaintenanceSetting {
  const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const until = typeof v.until === "string" && !Number.isNaN(Date.parse(v.until)) ? v.until : null;
  return {
    enabled: v.enabled === true,
    message: typeof v.message === "string" && v.message.trim() ? v.message : null,
    until,
  };
}

/** Who runs Parley, as the admin panel stores it (legal pages, footers, FAQ and mails). */
export interface OperatorSetting {
  legalName: string | null;
  address: string | null;
  vatNumber: string | null;
  /** The country of the registered office, whose law governs the terms. */
  country: string | null;
  supportEmail: string | null;
  /** The data-protection contact (a DPO's address); the support address when unset. */
  privacyEmail: string | null;
}

/** The operator as visitors see it: the panel's values over the environment's defaults. */
export interface OperatorDetails extends OperatorSetting {
  supportEmail: string;
  privacyEmail: string;
}

const NO_OPERATOR: OperatorSetting = {
  legalName: null,
  address: null,
  vatNumber: null,
  country: null,
  supportEmail: null,
  privacyEmail: null,
};

function readOperator(value: unknown): OperatorSetting {
  const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === "string" && x.trim() ? x.trim() : null);
  return {
    legalName: text(v.legalName),
    address: text(v.address),
    vatNumber: text(v.vatNumber),
    country: text(v.country),
    supportEmail: text(v.supportEmail),
    privacyEmail: text(v.privacyEmail),
  };
}

/**
 * Operator flags read on every request (maintenance), cached in memory and refreshed on a
 * NOTIFY from whichever instance changed them.
 */
export class FlagsCache {
  private maintenance: MaintenanceSetting = { enabled: false, message: null, until: null };
  private promotions: unknown = undefined;
  private operator: OperatorSetting = NO_OPERATOR;
  /** The operator as read on every content query: rebuilt only when the details change. */
  private operatorView: OperatorDetails;
  private readonly listeners = new Set<() => void>();
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly env: Env,
    private readonly log: Logger,
  ) {
    this.operatorView = this.viewOf(NO_OPERATOR);
  }

  async start(): Promise<void> {
    await this.reload();
    this.unlisten = await this.database.listen(SETTINGS_CHANNEL, () => void this.reload());
    this.timer = setInterval(() => void this.reload(), REFRESH_MS);
    this.timer.unref();
  }

  async reload(): Promise<void> {
    try {
      const [value, promotions, operator] = await Promise.all([
        getSetting<unknown>(this.database.db, MAINTENANCE_KEY),
        getSetting<unknown>(this.database.db, PROMOTIONS_KEY),
        getSetting<unknown>(this.database.db, OPERATOR_KEY),
      ]);
      this.maintenance = readMaintenance(value);
      this.promotions = promotions ?? undefined;
      this.setOperatorInMemory(readOperator(operator));
    } catch (error) {
      this.log.error({ err: error }, "loading settings failed; keeping the previous values");
    }
  }

  getMaintenance(): MaintenanceState {
    return {
      ...this.maintenance,
      enabled: this.env.MAINTENANCE_MODE || this.maintenance.enabled,
      forced: this.env.MAINTENANCE_MODE,
    };
  }

  /** Switches maintenance for every instance (they hear it by NOTIFY, at worst in 30 s). */
  async setMaintenance(setting: MaintenanceSetting): Promise<void> {
    await setSetting(this.database.db, MAINTENANCE_KEY, setting);
    this.maintenance = readMaintenance(setting);
    await this.database.notify(SETTINGS_CHANNEL, MAINTENANCE_KEY);
  }

  /** The operator's details: what the panel stored, else SUPPORT_EMAIL for the addresses. */
  getOperator(): OperatorDetails {
    return this.operatorView;
  }

  /** What the panel stored, without the environment's defaults (the form's values). */
  getOperatorSetting(): OperatorSetting {
    return this.operator;
  }

  /** Stores the operator's details for every instance. */
  async setOperator(setting: OperatorSetting): Promise<void> {
    await setSetting(this.database.db, OPERATOR_KEY, setting);
    this.setOperatorInMemory(readOperator(setting));
    await this.database.notify(SETTINGS_CHANNEL, OPERATOR_KEY);
  }

  /** Called when the operator's details change here (the content store re-fills its pages). */
  onOperatorChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private viewOf(setting: OperatorSetting): OperatorDetails {
    const supportEmail = setting.supportEmail ?? this.env.SUPPORT_EMAIL;
    return { ...setting, supportEmail, privacyEmail: setting.privacyEmail ?? supportEmail };
  }

  private setOperatorInMemory(next: OperatorSetting): void {
    const changed = JSON.stringify(next) !== JSON.stringify(this.operator);
    this.operator = next;
    if (changed) this.operatorView = this.viewOf(next);
    if (changed) for (const listener of this.listeners) listener();
  }

  /** The campaigns stored in the database (unvalidated), or undefined to use the content file. */
  getPromotions(): unknown {
    return this.promotions;
  }

  /** Stores campaigns for every instance (null: back to the content file). */
  async setPromotions(value: unknown): Promise<void> {
    if (value === null) await deleteSetting(this.database.db, PROMOTIONS_KEY);
    else await setSetting(this.database.db, PROMOTIONS_KEY, value);
    this.promotions = value ?? undefined;
    await this.database.notify(SETTINGS_CHANNEL, PROMOTIONS_KEY);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.unlisten?.();
  }
}
