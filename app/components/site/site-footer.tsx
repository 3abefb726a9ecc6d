import { Link } from "react-router";
import { servedTowns, serviceArea, telHref, townPath, type CompanySettings } from "#app/content/company.ts";
import { guideLinks, servicePageLinks, type ServiceCard } from "#app/content/services.ts";
import { belowStickyHeader } from "./sticky-header.ts";
import { useServices } from "./use-company.ts";

const heading = "text-sm font-bold tracking-widest text-white";
const footerLink = "underline-offset-4 hover:underline";

/** The service pages no card leads to (sewage, commercial): listed after the cards. */
const pagesWithoutCard = (cards: readonly ServiceCard[]) =>
  servicePageLinks.filter((page) => !cards.some((card) => card.href.split("#")[0] === page.path));

export function SiteFooter({ company, year }: { company: CompanySettings; year: number }) {
  const services = useServices();
  return (
    // The red rule parts the footer from a dark section above it (insurance, the closing call to action).
    <footer className="border-t-4 border-brand-red-700 bg-navy-900 text-navy-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <h2 className={heading}>
            ABOUT US
          </h2>
          <p className="mt-4 text-sm leading-relaxed">
            {company.name} is a veteran-operated restoration company serving {serviceArea}. We answer 24/7 and
            arrive ready to work.
          </p>
        </div>
        <div>
          <h2 className={heading}>
            OUR SERVICES
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {services.map((service) => (
              <li key={service.slug}>
                <Link to={service.href} className={footerLink}>
                  {service.title}
                </Link>
              </li>
            ))}
            {pagesWithoutCard(services).map((page) => (
              <li key={page.path}>
                <Link to={page.path} className={footerLink}>
                  {page.label}
                </Link>
              </li>
            ))}
            {guideLinks.map((page) => (
              <li key={page.path}>
                <Link to={page.path} className={footerLink}>
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div id="contact" className={belowStickyHeader}>
          <h2 className={heading}>
            CONTACT
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div>
              <dt className="font-semibold text-white">24/7 Emergency Line</dt>
              <dd>
                <a href={telHref(company.phone)} className={`${footerLink} text-lg font-bold text-white`}>
                  {company.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-white">Email</dt>
              <dd>
                <a href={`mailto:${company.officeEmail}`} className={footerLink}>
                  {company.officeEmail}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-white">Office</dt>
              <dd>
                <address className="not-italic">{company.address}</address>
              </dd>
            </div>
          </dl>
        </div>
        <div>
          <h2 className={heading}>
            OUR MISSION
          </h2>
          <p className="mt-4 text-lg font-bold text-white">{company.emergencyMessage}</p>
          <p className="mt-2 text-sm leading-relaxed">
            Military discipline, honest assessments and a crew that treats your property like its own.
          </p>
        </div>
      </div>
      <nav aria-labelledby="footer-areas-title" className="border-t border-navy-700">
        <div className="mx-auto max-w-7xl px-4 py-8">
          <h2 id="footer-areas-title" className={heading}>
            <Link to="/areas" className={footerLink}>
              AREAS WE SERVE
            </Link>
          </h2>
          <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {servedTowns.map((name) => (
              <li key={name}>
                <Link to={townPath({ name })} className={footerLink}>
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <div className="border-t border-navy-700">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {year} {company.name}. All rights reserved.
          </p>
          <p className="flex gap-6">
            <Link to="/privacy" className={footerLink}>
              Privacy Policy
            </Link>
            <Link to="/terms" className={footerLink}>
              Terms of Service
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
