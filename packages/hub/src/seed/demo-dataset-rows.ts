/**
 * The rows of the hub's own sample datasets (seed/demo-datasets.ts), made up in code from a fixed
 * seed: short product reviews with a sentiment label, arithmetic and calendar questions with
 * their answers, and daily and monthly weather of three invented towns. Every value is generated
 * here, so the rows are true of nothing but themselves (the answers are computed, so they are right).
 */
import { mulberry32, pick } from "./synthetic.js";

export interface Review {
	text: string;
	/** 0 negative, 1 positive. */
	label: number;
}

export const REVIEW_LABELS = ["negative", "positive"] as const;

const PRODUCTS = [
	"kettle",
	"backpack",
	"desk lamp",
	"pair of headphones",
	"umbrella",
	"blender",
	"phone case",
	"tent",
	"office chair",
	"water bottle",
	"coffee grinder",
	"rain jacket",
];
const OPENERS = ["The", "This", "My new"];
const PRAISE = [
	"works exactly as described",
	"feels sturdy and well made",
	"arrived early and was easy to set up",
	"is worth every penny",
	"has made my mornings easier",
	"looks even better than in the pictures",
];
const COMPLAINTS = [
	"stopped working after a week",
	"feels cheap and flimsy",
	"arrived scratched and missing a part",
	"is much louder than advertised",
	"was a waste of money",
	"broke the second time I used it",
];
const PRAISE_ENDINGS = ["", " Would buy again.", " Highly recommended!", " Five stars, no complaints."];
const COMPLAINT_ENDINGS = ["", " Would not buy again.", " I sent it back.", " Sadly, one star."];

/** `count` reviews, half of each label in turn, worded at random from the seed. */
export function reviews(count: number, seed: number): Review[] {
	const random = mulberry32(seed);
	return Array.from({ length: count }, (_, index) => {
		const label = index % 2 === 0 ? 1 : 0;
		const phrase = pick(label === 1 ? PRAISE : COMPLAINTS, random);
		const ending = pick(label === 1 ? PRAISE_ENDINGS : COMPLAINT_ENDINGS, random);
		return { text: `${pick(OPENERS, random)} ${pick(PRODUCTS, random)} ${phrase}.${ending}`, label };
	});
}

export interface Question {
	question: string;
	answer: string;
	kind: "arithmetic" | "time" | "calendar";
}

const DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const MONTHS = [
	"January",
	"February",
	"March",
	"April",
	"May",
	"June",
	"July",
	"August",
	"September",
	"October",
	"November",
	"December",
];

const between = (random: () => number, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** Questions with one short, computed answer each, the three kinds in turn. */
export function questions(count: number, seed: number): Question[] {
	const random = mulberry32(seed);
	const arithmetic = (): Question => {
		const [a, b] = [between(random, 2, 60), between(random, 2, 40)];
		const operation = pick(["plus", "minus", "times"] as const, random);
		const answer = operation === "plus" ? a + b : operation === "minus" ? a - b : a * b;
		return { question: `What is ${a} ${operation} ${b}?`, answer: String(answer), kind: "arithmetic" };
	};
	const time = (): Question => {
		const n = between(random, 2, 12);
		const [question, answer] = pick(
			[
				[`How many minutes are in ${n} hours?`, n * 60],
				[`How many days are in ${n} weeks?`, n * 7],
				[`How many hours are in ${n} days?`, n * 24],
			] as const,
			random,
		);
		return { question, answer: String(answer), kind: "time" };
	};
	const calendar = (): Question => {
		const day = between(random, 0, 6);
		const month = between(random, 0, 11);
		const [question = "", answer = ""] = pick(
			[
				[`What day comes after ${DAYS[day]}?`, DAYS[(day + 1) % 7]],
				[`What day comes before ${DAYS[day]}?`, DAYS[(day + 6) % 7]],
				[`Which month follows ${MONTHS[month]}?`, MONTHS[(month + 1) % 12]],
			],
			random,
		);
		return { question, answer, kind: "calendar" };
	};
	const kinds = [arithmetic, time, calendar];
	return Array.from({ length: count }, (_, index) => (kinds[index % kinds.length] ?? arithmetic)());
}

export interface DailyWeather {
	town: string;
	/** `YYYY-MM-DD`. */
	date: string;
	temp_min: number;
	temp_max: number;
	rain_mm: number;
}

export interface MonthlyWeather {
	town: string;
	/** `YYYY-MM`. */
	month: string;
	mean_temp: number;
	total_rain_mm: number;
	rainy_days: number;
}

/** Invented towns, each with its own mean temperature (°C) and chance of rain. */
const TOWNS = [
	{ town: "Northport", mean: 4, rain: 0.45 },
	{ town: "Eastvale", mean: 9, rain: 0.3 },
	{ town: "Southbridge", mean: 14, rain: 0.2 },
];

const tenth = (value: number) => Math.round(value * 10) / 10;

/** Each town's weather for each day from January to April 2025, warming through the months. */
export function dailyWeather(seed: number): DailyWeather[] {
	const random = mulberry32(seed);
	const rows: DailyWeather[] = [];
	for (const { town, mean, rain } of TOWNS) {
		for (let day = 0; day < 120; day++) {
			const date = new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10);
			const middle = mean + day / 15 + (random() - 0.5) * 6;
			const spread = 3 + random() * 6;
			rows.push({
				town,
				date,
				temp_min: tenth(middle - spread / 2),
				temp_max: tenth(middle + spread / 2),
				rain_mm: random() < rain ? tenth(0.2 + random() * 18) : 0,
			});
		}
	}
	return rows;
}

/** The daily rows summed up by town and month. */
export function monthlyWeather(daily: DailyWeather[]): MonthlyWeather[] {
	const months = new Map<string, DailyWeather[]>();
	for (const row of daily) {
		const key = `${row.town}\0${row.date.slice(0, 7)}`;
		months.set(key, [...(months.get(key) ?? []), row]);
	}
	return [...months].map(([key, days]) => {
		const [town = "", month = ""] = key.split("\0");
		const mean = days.reduce((sum, day) => sum + (day.temp_min + day.temp_max) / 2, 0) / days.length;
		return {
			town,
			month,
			mean_temp: tenth(mean),
			total_rain_mm: tenth(days.reduce((sum, day) => sum + day.rain_mm, 0)),
			rainy_days: days.filter((day) => day.rain_mm > 0).length,
		};
	});
}
