// The module OnDemandModal loads: Mantine's Modal and what it brings (focus trap, scroll area).
export { Modal } from '@mantine/core';
