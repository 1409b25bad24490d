DROP INDEX "properties_cnpj_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "properties_cnpj_key" ON "properties" USING btree ("cnpj");