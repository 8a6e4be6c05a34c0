"use client";
/**
 * Popover on Radix's primitive: opens from its button with Enter or Space, moves
 * focus inside, closes on Escape or an outside click and returns focus to the button.
 */
import * as RadixPopover from "@radix-ui/react-popover";
import type { ReactNode } from "react";

interface PopoverProps {
	trigger: ReactNode;
	/** Names the dialog for screen readers. */
	label: string;
	children: ReactNode;
}

export function Popover({ trigger, label, children }: PopoverProps) {
	return (
		<RadixPopover.Root>
			<RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
			<RadixPopover.Portal>
				<RadixPopover.Content className="popover" aria-label={label} align="end" sideOffset={8} collisionPadding={8}>
					{children}
				</RadixPopover.Content>
			</RadixPopover.Portal>
		</RadixPopover.Root>
	);
}
