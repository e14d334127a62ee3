package example;

import ai.djl.inference.Predictor;
import ai.djl.modality.Classifications;
import ai.djl.modality.cv.Image;
import ai.djl.modality.cv.ImageFactory;
import ai.djl.modality.cv.transform.Resize;
import ai.djl.modality.cv.transform.ToTensor;
import ai.djl.modality.cv.translator.ImageClassificationTranslator;
import ai.djl.repository.zoo.Criteria;
import ai.djl.repository.zoo.ZooModel;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.libreyolo.profile.junit.ModelFixture;
import org.libreyolo.profile.junit.ProfiledStep;
import org.libreyolo.profile.junit.StepProfiler;

/** Any DJL model through its Predictor: DJL's own preprocess / inference / postprocess become the phases. */
class ClassifierPerfTest {
  static Criteria<Image, Classifications> criteria = Criteria.builder()
      .setTypes(Image.class, Classifications.class)
      .optModelPath(Path.of("src/test/resources/classifier.torchscript"))
      .optEngine("PyTorch")
      .optTranslator(ImageClassificationTranslator.builder()
          .addTransform(new Resize(224, 224))
          .addTransform(new ToTensor())
          .optSynset(IntStream.range(0, 10).mapToObj(i -> "class" + i).toList())
          .optApplySoftmax(true)
          .build())
      .build();

  @RegisterExtension
  static ModelFixture<ZooModel<Image, Classifications>> model = ModelFixture.of(criteria::loadModel).threads(1);

  @Test
  @ProfiledStep(runs = 30, unit = "images", trace = true)
  void classify(StepProfiler step) throws Exception {
    Image image = ImageFactory.getInstance().fromFile(Path.of("src/test/resources/coffee.jpg"));
    try (Predictor<Image, Classifications> predictor = model.get().newPredictor()) {
      step.model(model.get().getBlock()).predict(predictor, () -> image);
    }
  }
}
