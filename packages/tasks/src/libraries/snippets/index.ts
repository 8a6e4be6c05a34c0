/**
 * Which library has which snippet generator: one file per library in this folder.
 * To add one: write `<library-key>.ts` exporting `snippets: SnippetGenerator`, then add
 * its import and one line below.
 */
import type { ModelLibraryKey } from "../catalogue.js";
import type { SnippetGenerator } from "../types.js";
import { snippets as lib3dtopiaXl } from "./3dtopia-xl.js";
import { snippets as adapterTransformers } from "./adapter-transformers.js";
import { snippets as allennlp } from "./allennlp.js";
import { snippets as aneforge } from "./aneforge.js";
import { snippets as anemoi } from "./anemoi.js";
import { snippets as araclip } from "./araclip.js";
import { snippets as asteroid } from "./asteroid.js";
import { snippets as audiocraft } from "./audiocraft.js";
import { snippets as audioseal } from "./audioseal.js";
import { snippets as ben2 } from "./ben2.js";
import { snippets as bertopic } from "./bertopic.js";
import { snippets as birefnet } from "./birefnet.js";
import { snippets as bm25s } from "./bm25s.js";
import { snippets as cartesiaMlx } from "./cartesia-mlx.js";
import { snippets as cartesiaPytorch } from "./cartesia-pytorch.js";
import { snippets as chatTts } from "./chat-tts.js";
import { snippets as chatterbox } from "./chatterbox.js";
import { snippets as chronosForecasting } from "./chronos-forecasting.js";
import { snippets as colipri } from "./colipri.js";
import { snippets as collectorvision } from "./collectorvision.js";
import { snippets as cortiq } from "./cortiq.js";
import { snippets as cxrFoundation } from "./cxr-foundation.js";
import { snippets as depthAnythingV2 } from "./depth-anything-v2.js";
import { snippets as depthPro } from "./depth-pro.js";
import { snippets as dermFoundation } from "./derm-foundation.js";
import { snippets as describeAnything } from "./describe-anything.js";
import { snippets as diaTts } from "./dia-tts.js";
import { snippets as dia2 } from "./dia2.js";
import { snippets as diffusers } from "./diffusers.js";
import { snippets as diffusionkit } from "./diffusionkit.js";
import { snippets as edsnlp } from "./edsnlp.js";
import { snippets as espnet } from "./espnet.js";
import { snippets as fairseq } from "./fairseq.js";
import { snippets as fastai } from "./fastai.js";
import { snippets as fasttext } from "./fasttext.js";
import { snippets as flair } from "./flair.js";
import { snippets as flexray } from "./flexray.js";
import { snippets as flextab } from "./flextab.js";
import { snippets as gaussianformer } from "./gaussianformer.js";
import { snippets as gliner } from "./gliner.js";
import { snippets as gliner2 } from "./gliner2.js";
import { snippets as htrflow } from "./htrflow.js";
import { snippets as indexTts } from "./index-tts.js";
import { snippets as jevStyle } from "./jev-style.js";
import { snippets as keras } from "./keras.js";
import { snippets as kerasHub } from "./keras-hub.js";
import { snippets as kernels } from "./kernels.js";
import { snippets as kimiAudio } from "./kimi-audio.js";
import { snippets as kittentts } from "./kittentts.js";
import { snippets as lerobot } from "./lerobot.js";
import { snippets as lightningIr } from "./lightning-ir.js";
import { snippets as litertLm } from "./litert-lm.js";
import { snippets as llamaCppPython } from "./llama-cpp-python.js";
import { snippets as ltx } from "./ltx.js";
import { snippets as lvface } from "./lvface.js";
import { snippets as mambaSsm } from "./mamba-ssm.js";
import { snippets as mars5Tts } from "./mars5-tts.js";
import { snippets as matanyone } from "./matanyone.js";
import { snippets as memra } from "./memra.js";
import { snippets as meshAnything } from "./mesh-anything.js";
import { snippets as mlAgents } from "./ml-agents.js";
import { snippets as mlx } from "./mlx.js";
import { snippets as mlxImage } from "./mlx-image.js";
import { snippets as mobilint } from "./mobilint.js";
import { snippets as model2vec } from "./model2vec.js";
import { snippets as moshi } from "./moshi.js";
import { snippets as multimolecule } from "./multimolecule.js";
import { snippets as nemo } from "./nemo.js";
import { snippets as nobg } from "./nobg.js";
import { snippets as openClip } from "./open-clip.js";
import { snippets as openasr } from "./openasr.js";
import { snippets as opendde } from "./opendde.js";
import { snippets as outetts } from "./outetts.js";
import { snippets as paddlenlp } from "./paddlenlp.js";
import { snippets as paddleOCR } from "./paddleocr.js";
import { snippets as peft } from "./peft.js";
import { snippets as perceptionEncoder } from "./perception-encoder.js";
import { snippets as phantomWan } from "./phantom-wan.js";
import { snippets as pocketTts } from "./pocket-tts.js";
import { snippets as prunaAi } from "./pruna-ai.js";
import { snippets as pxia } from "./pxia.js";
import { snippets as pyannoteAudio } from "./pyannote-audio.js";
import { snippets as pythae } from "./pythae.js";
import { snippets as qwen3Tts } from "./qwen3-tts.js";
import { snippets as relik } from "./relik.js";
import { snippets as renderformer } from "./renderformer.js";
import { snippets as routeePowertrain } from "./routee-powertrain.js";
import { snippets as saelens } from "./saelens.js";
import { snippets as sam3dBody } from "./sam-3d-body.js";
import { snippets as sam3dObjects } from "./sam-3d-objects.js";
import { snippets as sam2 } from "./sam2.js";
import { snippets as sampleFactory } from "./sample-factory.js";
import { snippets as sana } from "./sana.js";
import { snippets as sapRpt1Oss } from "./sap-rpt-1-oss.js";
import { snippets as seedStory } from "./seed-story.js";
import { snippets as sentenceTransformers } from "./sentence-transformers.js";
import { snippets as setfit } from "./setfit.js";
import { snippets as sklearn } from "./sklearn.js";
import { snippets as spacy } from "./spacy.js";
import { snippets as spanMarker } from "./span-marker.js";
import { snippets as speechbrain } from "./speechbrain.js";
import { snippets as stableAudioTools } from "./stable-audio-tools.js";
import { snippets as stableBaselines3 } from "./stable-baselines3.js";
import { snippets as stanza } from "./stanza.js";
import { snippets as supertonic } from "./supertonic.js";
import { snippets as swarmformer } from "./swarmformer.js";
import { snippets as tensorflowtts } from "./tensorflowtts.js";
import { snippets as terratorch } from "./terratorch.js";
import { snippets as tfKeras } from "./tf-keras.js";
import { snippets as timm } from "./timm.js";
import { snippets as transformers } from "./transformers.js";
import { snippets as transformersJs } from "./transformers-js.js";
import { snippets as ultralytics } from "./ultralytics.js";
import { snippets as unitySentis } from "./unity-sentis.js";
import { snippets as univa } from "./univa.js";
import { snippets as vfiMamba } from "./vfi-mamba.js";
import { snippets as vibevoice } from "./vibevoice.js";
import { snippets as videoprism } from "./videoprism.js";
import { snippets as voicecraft } from "./voicecraft.js";
import { snippets as voxcpm } from "./voxcpm.js";
import { snippets as vui } from "./vui.js";
import { snippets as whisperkit } from "./whisperkit.js";
import { snippets as yolov10 } from "./yolov10.js";
import { snippets as zeromodels } from "./zeromodels.js";
import { snippets as zonos } from "./zonos.js";

export const LIBRARY_SNIPPETS: Partial<Record<ModelLibraryKey, SnippetGenerator>> = {
	"adapter-transformers": adapterTransformers,
	allennlp: allennlp,
	aneforge: aneforge,
	anemoi: anemoi,
	araclip: araclip,
	asteroid: asteroid,
	audiocraft: audiocraft,
	audioseal: audioseal,
	ben2: ben2,
	bertopic: bertopic,
	birefnet: birefnet,
	bm25s: bm25s,
	cartesia_pytorch: cartesiaPytorch,
	cartesia_mlx: cartesiaMlx,
	chatterbox: chatterbox,
	chat_tts: chatTts,
	"chronos-forecasting": chronosForecasting,
	collectorvision: collectorvision,
	colipri: colipri,
	cortiq: cortiq,
	"cxr-foundation": cxrFoundation,
	"depth-anything-v2": depthAnythingV2,
	"depth-pro": depthPro,
	"derm-foundation": dermFoundation,
	"describe-anything": describeAnything,
	"dia-tts": diaTts,
	dia2: dia2,
	diffusers: diffusers,
	diffusionkit: diffusionkit,
	edsnlp: edsnlp,
	espnet: espnet,
	fairseq: fairseq,
	fastai: fastai,
	fasttext: fasttext,
	flair: flair,
	flexray: flexray,
	flextab: flextab,
	gaussianformer: gaussianformer,
	gliner: gliner,
	gliner2: gliner2,
	htrflow: htrflow,
	"index-tts": indexTts,
	"jev-style": jevStyle,
	keras: keras,
	"tf-keras": tfKeras,
	"keras-hub": kerasHub,
	zeromodels: zeromodels,
	kernels: kernels,
	"kimi-audio": kimiAudio,
	kittentts: kittentts,
	ltx: ltx,
	"lightning-ir": lightningIr,
	"litert-lm": litertLm,
	lerobot: lerobot,
	"llama-cpp-python": llamaCppPython,
	"mamba-ssm": mambaSsm,
	"mars5-tts": mars5Tts,
	matanyone: matanyone,
	memra: memra,
	"mesh-anything": meshAnything,
	"ml-agents": mlAgents,
	mlx: mlx,
	"mlx-image": mlxImage,
	model2vec: model2vec,
	mobilint: mobilint,
	moshi: moshi,
	multimolecule: multimolecule,
	nemo: nemo,
	nobg: nobg,
	open_clip: openClip,
	openasr: openasr,
	opendde: opendde,
	outetts: outetts,
	paddlenlp: paddlenlp,
	PaddleOCR: paddleOCR,
	peft: peft,
	"perception-encoder": perceptionEncoder,
	"phantom-wan": phantomWan,
	"pocket-tts": pocketTts,
	"pruna-ai": prunaAi,
	pxia: pxia,
	"pyannote-audio": pyannoteAudio,
	pythae: pythae,
	qwen3_tts: qwen3Tts,
	relik: relik,
	renderformer: renderformer,
	"routee-powertrain": routeePowertrain,
	saelens: saelens,
	sam2: sam2,
	"sam-3d-body": sam3dBody,
	"sam-3d-objects": sam3dObjects,
	"sample-factory": sampleFactory,
	"sap-rpt-1-oss": sapRpt1Oss,
	"sentence-transformers": sentenceTransformers,
	setfit: setfit,
	sklearn: sklearn,
	spacy: spacy,
	"span-marker": spanMarker,
	speechbrain: speechbrain,
	"stable-audio-tools": stableAudioTools,
	"seed-story": seedStory,
	"stable-baselines3": stableBaselines3,
	stanza: stanza,
	supertonic: supertonic,
	swarmformer: swarmformer,
	tensorflowtts: tensorflowtts,
	terratorch: terratorch,
	timm: timm,
	transformers: transformers,
	"transformers.js": transformersJs,
	ultralytics: ultralytics,
	univa: univa,
	"unity-sentis": unitySentis,
	sana: sana,
	videoprism: videoprism,
	"vfi-mamba": vfiMamba,
	lvface: lvface,
	voicecraft: voicecraft,
	voxcpm: voxcpm,
	vui: vui,
	vibevoice: vibevoice,
	whisperkit: whisperkit,
	yolov10: yolov10,
	zonos: zonos,
	"3dtopia-xl": lib3dtopiaXl,
};
