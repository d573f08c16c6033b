FROM node:20-bookworm-slim
WORKDIR /app
RUN npm install -g pnpm@10.34.8
# The seed's artwork is rendered from SVG with text (sharp's librsvg reads the system's fonts through fontconfig).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
COPY . .
RUN pnpm install --frozen-lockfile && pnpm exec turbo run build --filter=@purplebeats/api --filter=@purplebeats/web
ENV NODE_ENV=production PORT=3000
EXPOSE 3000
CMD ["pnpm", "--filter", "@purplebeats/api", "start"]
