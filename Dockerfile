FROM node:20-bookworm-slim
WORKDIR /app
RUN npm install -g pnpm@10.34.8
COPY . .
RUN pnpm install --frozen-lockfile && pnpm exec turbo run build --filter=@purplebeats/api --filter=@purplebeats/web
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["pnpm", "--filter", "@purplebeats/api", "start"]
