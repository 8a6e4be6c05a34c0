import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Robotics models decide what a robot should do based on what it senses. A typical input is a camera view of the scene together with an instruction in plain language, and the output is a sequence of actions or motor commands that carries the instruction out. Such policies are often learned from recorded human demonstrations.",
	datasets: [],
	metrics: [
		{
			id: "success rate",
			description: "The share of attempts in which the robot fully completes the task it was given.",
		},
	],
	models: [],
	spaces: [],
	widgetModels: [],
	demo: {
		inputs: [
			{ type: "img", filename: "robotics-input.png" },
			{ type: "text", label: "Instruction", content: "Put the red cube in the blue bowl." },
		],
		outputs: [
			{
				type: "text",
				label: "Planned actions",
				content:
					"1. Move the gripper above the red cube on the left of the table.\n2. Lower the gripper, close it around the cube and lift.\n3. Move right until the cube is above the blue bowl.\n4. Lower the cube into the bowl and open the gripper.\n5. Raise the gripper and return to the start position.",
			},
		],
	},
};
