// The fake S3 as its own process, for the container test: a container on the host's network
// sends its off-site copies here and a new one restores from them. Args: port, bucket.
import { startFakeS3 } from "./fake-s3";

const [port = "3199", bucket] = process.argv.slice(2);
const fake = await startFakeS3(bucket, Number(port));
console.log(`fake S3 listening on ${fake.endpoint}, bucket ${fake.bucket}`);
