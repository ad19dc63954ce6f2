import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { signWebhook } from "@/lib/webhooks/sign-webhook";
import { newWebhookSecret } from "@/lib/webhooks/webhook-secret";

describe("signWebhook", () => {
  it("is verified by the standardwebhooks receiver with the endpoint's secret", () => {
    const secret = newWebhookSecret();
    const body = JSON.stringify({ id: "ntf_1", type: "run.success" });
    const headers = signWebhook({ messageId: "msg_ntf_1", body, secrets: [secret], at: new Date() });
    expect(new Webhook(secret).verify(body, { ...headers })).toEqual({ id: "ntf_1", type: "run.success" });
    expect(() => new Webhook(newWebhookSecret()).verify(body, { ...headers })).toThrow();
    expect(() => new Webhook(secret).verify(body + " ", { ...headers })).toThrow();
  });

  it("during a rotation both secrets sign, so a receiver with either accepts", () => {
    const [old, fresh] = [newWebhookSecret(), newWebhookSecret()];
    const body = "{}";
    const headers = signWebhook({ messageId: "msg_ntf_2", body, secrets: [fresh, old], at: new Date() });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(old).verify(body, { ...headers })).toEqual({});
    expect(new Webhook(fresh).verify(body, { ...headers })).toEqual({});
  });
});
