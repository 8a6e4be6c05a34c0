import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Reinforcement learning trains an agent to act in an environment by trial and error. At each step the agent observes the current state, chooses an action and receives a reward, and over many episodes it learns a policy that collects as much reward as possible. It is used for games, robot control and other chains of decisions.",
	datasets: [
		{
			id: "edbeeching/decision_transformer_gym_replay",
			description: "Recorded episodes from simulated walking and hopping tasks, for learning a policy offline.",
		},
	],
	metrics: [
		{
			id: "Discounted Total Reward",
			description: "The sum of rewards over an episode, with later rewards weighted a little less than earlier ones.",
		},
		{ id: "Mean Reward", description: "The average reward the agent collects per episode across many runs." },
		{
			id: "Level of Performance After Some Time",
			description: "How well the agent performs after a fixed amount of training, which shows how fast it learns.",
		},
	],
	models: [
		{
			id: "edbeeching/decision-transformer-gym-hopper-expert",
			description: "Treats control as sequence prediction and makes a one-legged simulated robot hop forward.",
		},
		{
			id: "HumanCompatibleAI/ppo-seals-CartPole-v0",
			description: "An agent trained with PPO that keeps a pole balanced on a moving cart.",
		},
	],
	spaces: [
		{
			id: "ThomasSimonini/Huggy",
			description: "Play fetch in the browser with a virtual dog trained by reinforcement.",
		},
		{ id: "ThomasSimonini/SnowballFight", description: "A snowball fight game against trained agents." },
	],
	widgetModels: [],
	youtubeId: "q0BiUn5LiBc",
	demo: {
		inputs: [
			{
				type: "text",
				label: "State",
				content:
					"CartPole: cart position 0.02 m, cart velocity 0.15 m/s, pole angle -0.04 rad (leaning left), pole angular velocity -0.31 rad/s",
			},
		],
		outputs: [
			{ type: "text", label: "Action", content: "Push the cart left" },
			{ type: "text", label: "Reward", content: "+1 (the pole is still upright)" },
		],
	},
};
