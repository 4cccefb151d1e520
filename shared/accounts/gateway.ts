/**
 * The edge's side of an account key. Deployed, API Gateway checks keys before any function runs, so a key
 * made in the dashboard must also be an API Gateway API key on its tier's usage plan, and a revoked one
 * must be removed from both. Locally (and under SAM) there is no gateway: the functions' own check is all.
 */
import type { Tier } from '../store/types.ts';

export interface KeyGateway {
  /** Makes the gateway key with this value on the tier's usage plan; returns its id (undefined: no gateway). */
  create(name: string, value: string, tier: Tier): Promise<string | undefined>;
  /** Removes the key from its tier's usage plan, then deletes it. */
  remove(gatewayId: string, tier: Tier): Promise<void>;
  /** Moves the key to another tier's usage plan. */
  move(gatewayId: string, from: Tier, to: Tier): Promise<void>;
}

/** No gateway in front (npm start, sam local): nothing to do. */
export const NO_GATEWAY: KeyGateway = {
  create: async () => undefined,
  remove: async () => undefined,
  move: async () => undefined,
};

type Client = Pick<import('@aws-sdk/client-api-gateway').APIGatewayClient, 'send'>;

/**
 * API Gateway keys. The usage plans are found by the REST API and stage they serve and the tier in their
 * name (`travel-data-api-<tier>`): their ids cannot be handed to the functions at deploy time, as the
 * plans depend on the stage, the stage on the methods and the methods on the functions.
 * @example new ApiGatewayKeys({ restApiId: process.env.REST_API_ID!, stage: 'prod' })
 */
export class ApiGatewayKeys implements KeyGateway {
  private plans: Promise<Record<string, string>> | undefined;
  private readonly options: {
    restApiId?: string;
    stage?: string;
    plans?: Record<Tier, string>;
    client?: Client;
  };

  constructor(options: {
    restApiId?: string;
    stage?: string;
    plans?: Record<Tier, string>;
    client?: Client;
  }) {
    this.options = options;
  }

  private async client(): Promise<Client> {
    if (this.options.client) return this.options.client;
    const { APIGatewayClient } = await import('@aws-sdk/client-api-gateway');
    this.options.client = new APIGatewayClient({});
    return this.options.client;
  }

  private async planOf(tier: Tier): Promise<string> {
    if (this.options.plans) return this.options.plans[tier];
    this.plans ??= this.findPlans().catch((error: unknown) => {
      this.plans = undefined;
      throw error;
    });
    const id = (await this.plans)[tier];
    if (!id)
      throw new Error(`no usage plan for tier ${tier} on ${this.options.restApiId}/${this.options.stage}`);
    return id;
  }

  private async findPlans(): Promise<Record<string, string>> {
    const { GetUsagePlansCommand } = await import('@aws-sdk/client-api-gateway');
    const client = await this.client();
    const found: Record<string, string> = {};
    let position: string | undefined;
    do {
      const page = await client.send(new GetUsagePlansCommand({ limit: 500, position }));
      for (const plan of page.items ?? []) {
        const serves = plan.apiStages?.some(
          (s) => s.apiId === this.options.restApiId && s.stage === this.options.stage,
        );
        const tier = /-(free|basic|pro|enterprise)$/.exec(plan.name ?? '')?.[1];
        if (serves && tier && plan.id) found[tier] = plan.id;
      }
      position = page.position;
    } while (position);
    return found;
  }

  async create(name: string, value: string, tier: Tier): Promise<string> {
    const { CreateApiKeyCommand, CreateUsagePlanKeyCommand, DeleteApiKeyCommand } =
      await import('@aws-sdk/client-api-gateway');
    const client = await this.client();
    const usagePlanId = await this.planOf(tier);
    const created = await client.send(new CreateApiKeyCommand({ name, value, enabled: true }));
    try {
      await client.send(
        new CreateUsagePlanKeyCommand({ usagePlanId, keyId: created.id!, keyType: 'API_KEY' }),
      );
    } catch (error) {
      await client.send(new DeleteApiKeyCommand({ apiKey: created.id! }));
      throw error;
    }
    return created.id!;
  }

  async remove(gatewayId: string, tier: Tier): Promise<void> {
    const { DeleteApiKeyCommand, DeleteUsagePlanKeyCommand } = await import('@aws-sdk/client-api-gateway');
    const client = await this.client();
    const gone = (error: unknown) => (error as { name?: string }).name === 'NotFoundException';
    try {
      await client.send(
        new DeleteUsagePlanKeyCommand({ usagePlanId: await this.planOf(tier), keyId: gatewayId }),
      );
    } catch (error) {
      if (!gone(error)) throw error;
    }
    try {
      await client.send(new DeleteApiKeyCommand({ apiKey: gatewayId }));
    } catch (error) {
      if (!gone(error)) throw error;
    }
  }

  async move(gatewayId: string, from: Tier, to: Tier): Promise<void> {
    if (from === to) return;
    const { CreateUsagePlanKeyCommand, DeleteUsagePlanKeyCommand } =
      await import('@aws-sdk/client-api-gateway');
    const client = await this.client();
    // A key may be on one plan per stage: out of the old one first.
    await client.send(
      new DeleteUsagePlanKeyCommand({ usagePlanId: await this.planOf(from), keyId: gatewayId }),
    );
    await client.send(
      new CreateUsagePlanKeyCommand({
        usagePlanId: await this.planOf(to),
        keyId: gatewayId,
        keyType: 'API_KEY',
      }),
    );
  }
}
