// The inbox feature's public surface: the Notifications list and the 'Contact support' form.
export { NotificationList } from "./NotificationList";
export { SupportForm } from "./SupportForm";
