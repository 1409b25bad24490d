import { useSession } from '../../session';
import { Hero } from './components/hero';
import { RegisterCta } from './components/register-cta';
import { SealsSection } from './components/seals-section';
import { WhatWeDo } from './components/what-we-do';

export function LandingPage() {
  const { status } = useSession();
  const anonymous = status === 'anonymous';
  return (
    <>
      <Hero showRegister={anonymous} />
      <WhatWeDo />
      <SealsSection />
      {anonymous && <RegisterCta />}
    </>
  );
}
