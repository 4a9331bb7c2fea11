# Sellfront's image: the API, the worker and the one-shot migration all run from it (docker-compose.yml).
# Building needs the npm registry and Debian's packages, nothing else.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# Dev dependencies are needed for the build (vite); they stay, as `npm start` runs the server through tsx.
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build
EXPOSE 3000
# The role comes from the service: --role=api, --role=worker, or all in one (the default).
ENTRYPOINT ["npx", "tsx", "src/server/main.ts"]
