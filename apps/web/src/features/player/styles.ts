// Mantine CSS for the components the player uses beyond the app's base set (src/app/styles.ts
// imports Mantine component by component; it loads first, so the base layers come before these).
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/CloseButton.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Image.css";
import "@mantine/core/styles/Slider.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Paper.css";
import "@mantine/core/styles/Overlay.css";
import "@mantine/core/styles/ModalBase.css";
import "@mantine/core/styles/ScrollArea.css";
import "@mantine/core/styles/Drawer.css";
// The song's links (song-links.tsx) and the queue's spoken "Play" before each title (QueueList.tsx).
import "@mantine/core/styles/Anchor.css";
import "@mantine/core/styles/VisuallyHidden.css";
