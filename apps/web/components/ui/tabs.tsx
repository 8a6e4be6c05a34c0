"use client";
/**
 * Tabs on Radix's primitive: the WAI-ARIA tabs pattern (arrow keys move between
 * tabs, Home/End, one tab stop), styled by the site's own classes.
 */
import * as RadixTabs from "@radix-ui/react-tabs";
import type { ComponentProps } from "react";

export const Tabs = (props: ComponentProps<typeof RadixTabs.Root>) => <RadixTabs.Root {...props} />;
export const TabList = (props: ComponentProps<typeof RadixTabs.List>) => (
	<RadixTabs.List className="tab-list" {...props} />
);
export const Tab = (props: ComponentProps<typeof RadixTabs.Trigger>) => (
	<RadixTabs.Trigger className="tab" {...props} />
);
export const TabPanel = (props: ComponentProps<typeof RadixTabs.Content>) => (
	<RadixTabs.Content className="tab-panel" {...props} />
);
