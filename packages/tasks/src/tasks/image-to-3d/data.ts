import type { TaskDataCustom } from "../types.js";

export const taskData: TaskDataCustom = {
	summary:
		"Image-to-3D reconstructs a three-dimensional object from one or a few ordinary photos. The model has to guess the sides it cannot see, then outputs a 3D asset such as a textured mesh, a point cloud or Gaussian splats. It is used to turn product shots, sketches or concept art into models for games, AR and 3D printing.",
	datasets: [
		{
			id: "allenai/objaverse-xl",
			description:
				"Millions of 3D objects from many sources, rendered from several angles to train reconstruction models.",
		},
		{ id: "dylanebert/iso3d", description: "Pictures of single, isolated objects used to compare image-to-3D models." },
	],
	metrics: [],
	models: [
		{
			id: "TencentARC/InstantMesh",
			description: "Imagines several views of the object in a photo and rebuilds a textured mesh from them in seconds.",
		},
		{
			id: "tencent/HunyuanWorld-1",
			description: "Builds a whole explorable 3D scene, not just one object, from a panorama image or a text prompt.",
		},
		{
			id: "hwjiang/Real3D",
			description:
				"Reconstructs 3D from a single photo, trained partly on unlabelled real-world pictures to handle real images.",
		},
		{
			id: "stabilityai/stable-point-aware-3d",
			description:
				"Predicts a point cloud first and then a mesh from one image, so the shape can be edited before meshing.",
		},
	],
	spaces: [
		{
			id: "dylanebert/3d-arena",
			description: "Vote between the 3D models that two systems make from the same picture.",
		},
		{ id: "TencentARC/InstantMesh", description: "Upload a photo and download a textured mesh made by InstantMesh." },
		{
			id: "stabilityai/stable-point-aware-3d",
			description: "Turn an image into a mesh and inspect the intermediate point cloud.",
		},
		{ id: "hwjiang/Real3D", description: "Reconstruct a 3D object from a single real photo." },
		{ id: "dylanebert/LGM-mini", description: "A small, quick demo that turns an image into Gaussian splats." },
	],
	widgetModels: [],
	demo: {
		inputs: [{ type: "img", filename: "image-to-3d-input.png" }],
		outputs: [
			{
				type: "text",
				label: "Output",
				content:
					"mug.glb: one textured mesh of a red cylindrical mug with a looped handle, 9,204 vertices and 18,350 triangles, about 1.0 × 1.2 × 0.9 units (height × width × depth).",
			},
		],
	},
};
