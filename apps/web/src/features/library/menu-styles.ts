// Mantine's CSS for menus, loaded with the menus (the first screen carries only what it shows).
import "@mantine/core/styles/Popover.css";
import "@mantine/core/styles/Menu.css";
