export const HUB_PACKAGE = "@hubkit/hub";
