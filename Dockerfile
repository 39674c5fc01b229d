# The graphsync image: one build serves both the API (`serve`) and workers (`worker`).
# Node 24 (the current LTS; .nvmrc) in both stages; the service also runs on Node 20.19+ (package.json engines).
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
# The web console (console/, decision 0058) is built here into dist/console; the image serves the
# built files, not its toolchain.
COPY console ./console
RUN npx tsc -p tsconfig.build.json && npx vite build --config console/vite.config.mts \
  && npm prune --omit=dev

FROM node:24-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json openapi.yaml ./
COPY cypher ./cypher
# /data is DATA_DIR (staged uploads and raw data, with the sync jobs); a named volume inherits this owner.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
ENTRYPOINT ["node", "dist/src/cli.js"]
CMD ["serve"]
