/**
 * Content-defined chunking (Xet specification 1.0.0, "Chunking"): a gear hash over the bytes,
 * cutting where its top 16 bits are zero, with chunks of 8 KiB at least and 128 KiB at most
 * (64 KiB on average). The hub needs it only to check uploads and to build test fixtures, so it
 * takes a whole buffer; it gives the same boundaries as the streaming reference implementation.
 */

export const MIN_CHUNK_SIZE = 8 * 1024;
export const MAX_CHUNK_SIZE = 128 * 1024;

/**
 * The 256 gear constants (rust-gearhash's default table, which the specification names), as
 * 64-bit hex words. Split into high and low 32-bit halves below so the per-byte update stays in
 * plain integer arithmetic.
 */
const GEAR_TABLE = `
	b088d3a9e840f559 5652c7f739ed20d6 45b28969898972ab 6b0a89d5b68ec777 368f573e8b7a31b7 1dc636dce936d94b 207a4c4e5554d5b6
	a474b34628239acb 3b06a83e1ca3b912 90e78d6c2f02baf7 e1c92df7150d9a8a 8e95053a1086d3ad 5a2ef4f1b83a0722 a50fac949f807fae
	0e7303eb80d8d681 99b07edc1570ad0f 689d2fb555fd3076 00005082119ea468 c4b08306a88fcc28 3eb0678af6374afd f19f87ab86ad7436
	f2129fbfbe6bc736 481149575c98a4ed 0000010695477bc5 1fba37801a9ceacc 3bf06fd663a49b6d 99687e9782e3874b 79a10673aa50d8e3
	e4accf9e6211f420 2520e71f87579071 2bd5d3fd781a8a9b 00de4dcddd11c873 eaa9311c5a87392f db748eb617bc40ff af579a8df620bf6f
	86a6e5da1b09c2b1 cc2fc30ac322a12e 355e2afec1f74267 2d99c8f4c021a47b bade4b4a9404cfc3 f7b518721d707d69 3286b6587bf32c20
	0000b68886af270c a115d6e4db8a9079 484f7e9c97b2e199 ccca7bb75713e301 bf2584a62bb0f160 ade7e813625dbcc8 000070940d87955a
	8ae69108139e626f bd776ad72fde38a2 fb6b001fc2fcc0cf c7a474b8e67bc427 baf6f11610eb5d58 09cb1f5b6de770d1 b0b219e6977d4c47
	00ccbc386ea7ad4a cc849d0adf973f01 73a3ef7d016af770 c807d2d386bdbdfe 7f2ac9966c791730 d037a86bc6c504da f3f17c661eaa609d
	aca626b04daae687 755a99374f4a5b07 90837ee65b2caede 6ee8ad93fd560785 0000d9e11053edd8 9e063bb2d21cdbd7 07ab77f12a01d2b2
	ec550255e6641b44 78fb94a8449c14c6 c7510e1bc6c0f5f5 0000320b36e4cae3 827c33262c8b1a2d 14675f0b48ea4144 267bd3a6498deceb
	f1916ff982f5035e 86221b7ff434fb88 9dbecee7386f49d8 ea58f8cac80f8f4a 008d198692fc64d8 6d38704fbabf9a36 e032cb07d1e7be4c
	228d21f6ad450890 635cb1bfc02589a5 4620a1739ca2ce71 a7e7dfe3aae5fb58 0c10ca932b3c0deb 2727fee884afed7b a2df1c6df9e2ab1f
	4dcdd1ac0774f523 000070ffad33e24e a2ace87bc5977816 9892275ab4286049 c2861181ddf18959 bb9972a042483e19 ef70cd3766513078
	00000513abfc9864 c058b61858c94083 09e850859725e0de 9197fb3bf83e7d94 7e1e626d12b64bce 520c54507f7b57d1 bee1797174e22416
	6fd9ac3222e95587 0023957c9adfbf3e a01c7d7e234bbe15 aba2c758b8a38cbb 0d1fa0ceec3e2b30 0bb6a58b7e60b991 4333dd5b9fa26635
	c2fd3b7d4001c1a3 fb41802454731127 65a56185a50d18cb f67a02bd8784b54f 696f11dd67e65063 00002022fca814ab 8cd6be912db9d852
	695189b6e9ae8a57 ee9453b50ada0c28 d8fc5ea91a78845e ab86bf191a4aa767 0000c6b5c86415e5 267310178e08a22e ed2d101b078bca25
	3b41ed84b226a8fb 13e622120f28dc06 a315f5ebfb706d26 8816c34e3301bace e9395b9cbb71fdae 002ce9202e721648 4283db1d2bb3c91c
	d77d461ad2b1a6a5 e2ec17e46eeb866b b8e0be4039fbc47c dea160c4d5299d04 7eec86c8d28c3634 2119ad129f98a399 a6ccf46b61a283ef
	2c52cedef658c617 2db4871169acdd83 0000f0d6f39ecbe9 3dd5d8c98d2f9489 8a1872a22b01f584 f282a4c40e7b3cf2 8020ec2ccb1ba196
	6693b6e09e59e313 0000ce19cc7c83eb 20cb5735f6479c3b 762ebf3759d75a5b 207bfe823d693975 d77dc112339cd9d5 9ba7834284627d03
	217dc513e95f51e9 b27b1a29fc5e7816 00d5cd9831bb662d 71e39b806d75734c 7e572af006fb1a23 a2734f2f6ae91f85 bf82c6b5022cddf2
	5c3beac60761a0de cdc893bb47416998 6d1085615c187e01 77f8ae30ac277c5d 917c6b81122a2c91 5b75b699add16967 0000cf6ae79a069b
	f3c40afa60de1104 2063127aa59167c3 621de62269d1894d d188ac1de62b4726 107036e2154b673c 0000b85f28553a1d f2ef4e4c18236f3d
	d9d6de6611b9f602 a1fc7955fb47911c eb85fd032f298dbd be27502fb3befae1 e3034251c4cd661e 441364d354071836 0082b36c75f2983e
	b145910316fa66f0 021c069c9847caf7 2910dfc75a4b5221 735b353e1c57a8b5 ce44312ce98ed96c bc942e4506bdfa65 f05086a71257941b
	fec3b215d351cead 00ae1055e0144202 f54b40846f42e454 00007fd9c8bcbcc8 bfbd9ef317de9bfe a804302ff2854e12 39ce4957a5e5d8d4
	ffb9e2a45637ba84 55b9ad1d9ea0818b 00008acbf319178a 48e2bfc8d0fbfb38 8be39841e848b5e8 0e2712160696a08b d51096e84b44242a
	1101ba176792e13a c22e770f4531689d 1689eff272bbc56c 00a92a197f5650ec bc765990bda1784e c61441e392fcb8ae 07e13a2ced31e4a0
	92cbe984234e9d4d 8f4ff572bb7d8ac5 0b9670c00b963bd0 62955a581a03eb01 645f83e5ea000254 41fce516cd88f299 bbda9748da7a98cf
	0000aab2fe4845fa 19761b069bf56555 8b8f5e8343b6ad56 3e5d1cfd144821d9 ec5c1e2ca2b0cd8f faf7e0fea7fbb57f 000000d3ba12961b
	da3f90178401b18e 70ff906de33a5feb 0527d5a7c06970e7 22d8e773607c13e9 c9ab70df643c3bac eda4c6dc8abe12e3 ecef1f410033e78a
	0024c2b274ac72cb 06740d954fa900b4 1d7a299b323d6304 b3c37cb298cbead5 c986e3c76178739b 9fabea364b46f58a 6da214c5af85cc56
	17a43ed8b7a38f84 6eccec511d9adbeb f9cab30913335afb 4a5e60c5f415eed2 00006967503672b4 9da51d121454bb87 84321e13b9bbc816
	fb3d6fb6ab2fdd8d 60305eed8e160a8d cbbf4b14e9946ce8 00004f63381b10c3 07d5b7816fcc4e10 e5a536726a6a8155 57afb23447a07fdd
	18f346f7abc9d394 636dc655d61ad33d cc8bab4939f7f3f6 63c7a906c1dd187b`;

const WORDS = GEAR_TABLE.trim().split(/\s+/);
const GEAR_HIGH = Uint32Array.from(WORDS, (word) => Number.parseInt(word.slice(0, 8), 16));
const GEAR_LOW = Uint32Array.from(WORDS, (word) => Number.parseInt(word.slice(8), 16));

/**
 * The end offset of every chunk of `data`, in order (the last is `data.length`; none for an
 * empty buffer). Per byte, h = (h << 1) + TABLE[byte] in 64-bit wrapping arithmetic; a chunk
 * ends where (h & 0xFFFF000000000000) == 0 once it holds MIN_CHUNK_SIZE bytes, or at
 * MAX_CHUNK_SIZE, and h restarts at 0 after every cut.
 */
export function chunkBoundaries(data: Uint8Array): number[] {
	const ends: number[] = [];
	let high = 0;
	let low = 0;
	let start = 0;
	for (let i = 0; i < data.length; i++) {
		const byte = data[i] as number;
		const shiftedLow = (low << 1) >>> 0;
		const sumLow = shiftedLow + (GEAR_LOW[byte] as number);
		const carry = sumLow > 0xffffffff ? 1 : 0;
		high = (((high << 1) | (low >>> 31)) + (GEAR_HIGH[byte] as number) + carry) >>> 0;
		low = sumLow >>> 0;
		const size = i + 1 - start;
		if (size < MIN_CHUNK_SIZE) continue;
		if (size >= MAX_CHUNK_SIZE || (high & 0xffff0000) === 0) {
			ends.push(i + 1);
			start = i + 1;
			high = 0;
			low = 0;
		}
	}
	if (start < data.length) ends.push(data.length);
	return ends;
}

/** The chunks of `data` as views into it. */
export function chunkData(data: Uint8Array): Uint8Array[] {
	let start = 0;
	return chunkBoundaries(data).map((end) => {
		const chunk = data.subarray(start, end);
		start = end;
		return chunk;
	});
}
