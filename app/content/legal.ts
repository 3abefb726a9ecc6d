export interface CompanyContact {
  name: string;
  phone: string;
  officeEmail: string;
  address: string;
}

export interface LegalSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface LegalDocument {
  title: string;
  description: string;
  lastUpdated: string;
  sections: LegalSection[];
}

const LAST_UPDATED = "November 22, 2026";

export function privacyPolicy(company: CompanyContact): LegalDocument {
  return {
    title: "Privacy Policy",
    description: `How ${company.name} collects, uses, protects and deletes the information you send when you request a free assessment.`,
    lastUpdated: LAST_UPDATED,
    sections: [
      {
        heading: "Who we are",
        paragraphs: [
          `${company.name} is a veteran-operated emergency property restoration company serving Philadelphia, Bucks County and Montgomery County, Pennsylvania. We are responsible for the personal information described in this policy.`,
          `If you have a question about your information, email us at ${company.officeEmail}, call ${company.phone}, or write to us at ${company.address}.`,
        ],
      },
      {
        heading: "What we collect",
        paragraphs: [
          "When you request a free assessment, the form asks for the details we need to understand the problem and reach you. Only what you type or attach is sent to us.",
        ],
        items: [
          "The type of problem (for example water, fire, mold or storm damage) and your description of it",
          "Your first and last name, phone number and email address",
          "The property address, if you choose to give it",
          "Photos or PDF files you attach, up to 10 files of 10 MB each",
          "How you heard about us and any additional comments",
        ],
      },
      {
        heading: "Technical information",
        paragraphs: [
          "When the form is submitted we also record a small amount of technical information so we can keep the site working and stop abuse.",
        ],
        items: [
          "A hashed (scrambled, one-way) version of your network address, used for abuse prevention and rate limiting. We do not store the address itself with your request.",
          "Your browser's user agent, which describes the browser and device type",
          "Standard server logs, such as the time of a request and any errors",
        ],
      },
      {
        heading: "Why we use it",
        paragraphs: [
          "We use your information only to handle your request and run our business responsibly.",
        ],
        items: [
          "To respond to your request and call or email you back",
          "To schedule an on-site assessment",
          "To prepare estimates and documentation for your insurance claim",
          "To prevent spam, fraud and abuse of our website",
        ],
      },
      {
        heading: "Who sees your information",
        paragraphs: [
          "Your request is seen only by our office staff, who must sign in and be approved before they can view it.",
          "Companies that host our website, database and email process information strictly on our behalf and may not use it for anything else. If you ask us to bill your insurance company directly, we share the details they need for your claim.",
          "We never sell your information, and we never use it for advertising.",
        ],
      },
      {
        heading: "How long we keep it",
        paragraphs: [
          "Once we close a request, we keep it and any photos or files for 365 days by default. Requests we flag as spam are kept for 30 days. After that, they are deleted.",
          "We keep information longer only when we have to: for example, records for an active job, a warranty, or a legal or insurance obligation.",
        ],
      },
      {
        heading: "Cookies",
        paragraphs: [
          "We do not use advertising or tracking cookies. The public website sets no cookies at all.",
          "When our staff sign in to review requests, we use one strictly necessary session cookie to keep them signed in. It is not used for anything else.",
        ],
      },
      {
        heading: "How we protect it",
        paragraphs: [
          "All connections to our site are encrypted. Photos and files you upload are kept in private storage that only approved staff can view, and access inside our team is limited by role.",
          "No system is perfectly secure, but we take reasonable steps to protect your information and review them regularly.",
        ],
      },
      {
        heading: "Your choices and rights",
        paragraphs: [
          `You can ask for a copy of your information, ask us to correct it, or ask us to delete it. Email ${company.officeEmail} or call ${company.phone}, and we will act on your request within 30 days.`,
          "These choices are available to everyone we serve, including Pennsylvania residents. We may need to confirm your identity first, and we may keep records we are legally required to hold.",
        ],
      },
      {
        heading: "Children, changes and contact",
        paragraphs: [
          "Our website is not directed to children under 13, and we do not knowingly collect their information. If you believe a child has sent us information, contact us and we will delete it.",
          "If we change this policy, we will post the new version here and update the date at the top.",
          `Questions? Contact ${company.name} at ${company.officeEmail}, ${company.phone}, or ${company.address}.`,
        ],
      },
    ],
  };
}

export function termsOfService(company: CompanyContact): LegalDocument {
  return {
    title: "Terms of Service",
    description: `The terms for using the ${company.name} website and requesting a free property damage assessment.`,
    lastUpdated: LAST_UPDATED,
    sections: [
      {
        heading: "About these terms",
        paragraphs: [
          `These terms apply when you use the ${company.name} website. By using the site or sending us a request, you agree to them. If you do not agree, please do not use the site.`,
          "The website is here to give you information about our services and to let you request service. Any restoration work we do is covered by the separate written agreement you sign with us.",
        ],
      },
      {
        heading: "Free assessments and estimates",
        paragraphs: [
          "Requesting a free assessment places you under no obligation. An estimate is our best judgment of the work needed; it is not a contract.",
          "Work starts only after you sign a work authorization. That signed document, not this website, sets out the scope, price and terms of the job.",
        ],
      },
      {
        heading: "Emergencies",
        paragraphs: [
          "If anyone is in danger, or there is an active fire, call 911 first.",
          `For water damage or other urgent problems, call us at ${company.phone} any time, 24 hours a day, 7 days a week.`,
          "Submitting the online form is not a substitute for calling in an emergency. We review form requests promptly, but a phone call is the fastest way to reach us.",
        ],
      },
      {
        heading: "Information and photos you send",
        paragraphs: [
          "You are responsible for making sure the information you give us is accurate, and that you have the right to share any photos or files you upload.",
          "By sending photos or files, you allow us to use them to assess the damage, prepare estimates and support your insurance claim.",
        ],
      },
      {
        heading: "Insurance, financing and timelines",
        paragraphs: [
          "We can work with your insurance company and bill them directly, but decisions about coverage belong to your insurer, not to us.",
          "Financing, where offered, is subject to approval by the financing provider and its own terms.",
          "Typical projects take 3-7 days, but every job is different, and any timeline we give is an estimate.",
        ],
      },
      {
        heading: "Acceptable use",
        paragraphs: ["When using our website, you agree not to:"],
        items: [
          "Send spam, fake requests or automated submissions",
          "Upload viruses, malicious files or content you do not have the right to share",
          "Try to access the staff area, our systems or other people's information",
          "Interfere with the website or how it works",
        ],
      },
      {
        heading: "Our content",
        paragraphs: [
          `The text, images, logos and design of this website belong to ${company.name} and may not be copied or reused without our permission.`,
          "Insurance company and partner names or logos are shown for identification only and belong to their owners. Showing them does not mean they endorse us.",
        ],
      },
      {
        heading: "Disclaimers and limitation of liability",
        paragraphs: [
          "The website is provided as is. We work to keep it accurate and available, but we cannot promise it will always be error-free or uninterrupted.",
          "To the extent the law allows, we are not liable for losses caused by using or being unable to use the website. This does not limit any rights you have under Pennsylvania consumer protection law or under the terms of a signed work agreement with us.",
        ],
      },
      {
        heading: "Governing law",
        paragraphs: [
          "These terms are governed by the laws of the Commonwealth of Pennsylvania. Any dispute about them will be handled by the courts of Philadelphia County, Pennsylvania.",
        ],
      },
      {
        heading: "Changes and contact",
        paragraphs: [
          "We may update these terms from time to time. When we do, we will post the new version here and update the date at the top.",
          `Questions about these terms? Contact ${company.name} at ${company.officeEmail}, call ${company.phone}, or write to ${company.address}.`,
        ],
      },
    ],
  };
}
