-- Single sign-on: one OpenID Connect connection per organization (docs/sso.md). The proved domain is unique across
-- organizations so that a work email routes to exactly one provider; the client secret is sealed like account credentials.
-- CreateTable
CREATE TABLE "sso_connections" (
    "id" SERIAL NOT NULL,
    "organization_id" INTEGER NOT NULL,
    "issuer" TEXT NOT NULL,
    "client_id" TEXT NOT NULL,
    "secret_ciphertext" BYTEA NOT NULL,
    "secret_key_id" TEXT NOT NULL,
    "authorization_endpoint" TEXT NOT NULL,
    "token_endpoint" TEXT NOT NULL,
    "userinfo_endpoint" TEXT,
    "jwks_uri" TEXT NOT NULL,
    "domain" TEXT,
    "domain_verified_at" TIMESTAMPTZ(6),
    "default_role" "Role" NOT NULL DEFAULT 'member',
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "password_sign_in_disabled" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "sso_connections_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "sso_connections_organization_id_key" ON "sso_connections"("organization_id");

-- CreateIndex
CREATE UNIQUE INDEX "sso_connections_domain_key" ON "sso_connections"("domain");

-- AddForeignKey
ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "sso_connections" ADD CONSTRAINT "sso_connections_domain_lower" CHECK ("domain" = lower("domain"));
