/*
 * cli_fmu.c — `clearsim fmu MODEL.json -o MODEL.fmu`: an FMI 3.0 or 2.0 co-simulation FMU, a zip of
 * modelDescription.xml, the FMU library the build made (engine/fmi, copied: no compiler at
 * export time) and the model under resources/ (engine/fmi/README.md).
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clearsim.h"
#include "cli_common.h"
#include "cli_fmu.h"
#include "cs_fmi.h"


static const char *const usage_fmu =
  "usage: clearsim fmu MODEL.json [-o MODEL.fmu] [--fmi 3|2] [--parameter PTR]... [--input PTR]...\n"
  "\n"
  "Writes a co-simulation FMU of the model: modelDescription.xml, the FMU library\n"
  "(binaries/x86_64-linux, FMI 2.0: binaries/linux64) and the model (resources/). Its\n"
  "outputs are every moving body's x, y, theta and velocities, each driver's reaction, each\n"
  "clearance joint's eccentricity, penetration and normal force, and the energy balance error.\n"
  "\n"
  "  -o, --output FILE     the FMU to write (default: the model's base name, .fmu)\n"
  "  --fmi VERSION         3 (FMI 3.0, the default) or 2 (FMI 2.0)\n"
  "  --parameter PTR       the model's number at JSON pointer PTR as a parameter, set before\n"
  "                        initialization (e.g. /clearance_joints/0/hole_radius)\n"
  "  --input PTR           an input changed while running: a driver's speed\n"
  "                        (/drivers/N/motion/velocity), a torque (/forces/N/torque) or a\n"
  "                        force's component (/forces/N/force/0 for fx, /1 for fy)\n"
  "  -h, --help            this text\n"
  "\n"
  "The library copied is $CLEARSIM_FMU_LIBRARY, else the installed one, else the build's.\n";

/* ---- a zip of stored entries (PKWARE APPNOTE 4.3: local headers, central directory) ---- */

typedef struct zip_entry {
  char *name;
  unsigned char *data;
  size_t size;
  uint32_t crc, offset;
} zip_entry;

static uint32_t crc32_of(const unsigned char *p, size_t n)
{
  uint32_t c = 0xFFFFFFFFu;
  for (size_t i = 0; i < n; i++) {
    c ^= p[i];
    for (int k = 0; k < 8; k++)
      c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
  }
  return ~c;
}

static void put16(FILE *f, unsigned v) { fputc(v & 0xFF, f), fputc(v >> 8 & 0xFF, f); }
static void put32(FILE *f, uint32_t v) { put16(f, v & 0xFFFF), put16(f, v >> 16); }

/* One header: local (0x04034b50) or central (0x02014b50); DOS time 1980-01-01 00:00. */
static void header(FILE *f, const zip_entry *e, int central)
{
  put32(f, central ? 0x02014b50u : 0x04034b50u);
  if (central)
    put16(f, 0x031E); /* made by: Unix, 3.0 */
  put16(f, 20), put16(f, 0), put16(f, 0);  /* version needed, flags, stored */
  put16(f, 0), put16(f, 0x21);             /* time, date */
  put32(f, e->crc), put32(f, (uint32_t)e->size), put32(f, (uint32_t)e->size);
  put16(f, (unsigned)strlen(e->name)), put16(f, 0);
  if (central) {
    put16(f, 0), put16(f, 0), put16(f, 0); /* comment, disk, internal attributes */
    put32(f, 0644u << 16), put32(f, e->offset);
  }
  fputs(e->name, f);
}

static int write_zip(const char *path, zip_entry *e, int n)
{
  FILE *f = fopen(path, "wb");
  if (!f)
    return 1;
  for (int i = 0; i < n; i++) {
    e[i].crc = crc32_of(e[i].data, e[i].size);
    e[i].offset = (uint32_t)ftell(f);
    header(f, &e[i], 0);
    fwrite(e[i].data, 1, e[i].size, f);
  }
  long start = ftell(f);
  for (int i = 0; i < n; i++)
    header(f, &e[i], 1);
  long end = ftell(f);
  put32(f, 0x06054b50u), put16(f, 0), put16(f, 0), put16(f, (unsigned)n), put16(f, (unsigned)n);
  put32(f, (uint32_t)(end - start)), put32(f, (uint32_t)start), put16(f, 0);
  int bad = ferror(f);
  return fclose(f) != 0 || bad;
}

/* ---- the FMU's parts ---- */

static unsigned char *read_all(const char *path, size_t *size)
{
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  unsigned char *data = NULL;
  size_t cap = 0, n = 0;
  for (;;) {
    if (n == cap) {
      unsigned char *grown = realloc(data, cap = cap ? 2 * cap : 1 << 20);
      if (!grown)
        break;
      data = grown;
    }
    size_t got = fread(data + n, 1, cap - n, f);
    n += got;
    if (!got)
      break;
  }
  fclose(f);
  *size = n;
  return data;
}

/* The FMU library: $CLEARSIM_FMU_LIBRARY, else the installed one, else the build tree's. */
static const char *fmu_library(void)
{
  const char *env = getenv("CLEARSIM_FMU_LIBRARY");
  if (env && *env)
    return env;
  if (!access(CS_FMU_INSTALLED, R_OK))
    return CS_FMU_INSTALLED;
  return CS_FMU_BUILD;
}

/* XML text with &, <, >, " escaped. */
static void xml_text(FILE *f, const char *s)
{
  for (; *s; s++)
    switch (*s) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    default: fputc(*s, f);
    }
}

static void xml_variable(FILE *f, const cs_fmi_var *v, int vr)
{
  static const char *const causality[] = {"independent", "parameter", "input", "output"};
  static const char *const variability[] = {"continuous", "fixed", "continuous", "continuous"};
  fputs("    <Float64 name=\"", f);
  xml_text(f, v->name);
  fprintf(f, "\" valueReference=\"%d\" causality=\"%s\" variability=\"%s\"", vr,
          causality[v->causality], variability[v->causality]);
  if (v->unit && *v->unit)
    fprintf(f, " unit=\"%s\"", v->unit);
  if (v->causality == CS_FMI_PARAMETER || v->causality == CS_FMI_INPUT)
    fprintf(f, " start=\"%.17g\"", v->start);
  fputs(" description=\"", f);
  xml_text(f, v->description);
  fputs("\"/>\n", f);
}

static void xml_units(FILE *f)
{
  fputs("  <UnitDefinitions>\n", f);
  for (int i = 0; i < cs_fmi_unit_count; i++) {
    const cs_fmi_unit *u = &cs_fmi_units[i];
    fprintf(f, "    <Unit name=\"%s\"><BaseUnit", u->name);
    if (u->kg)
      fprintf(f, " kg=\"%d\"", u->kg);
    if (u->m)
      fprintf(f, " m=\"%d\"", u->m);
    if (u->s)
      fprintf(f, " s=\"%d\"", u->s);
    if (!strcmp(u->name, "rad") || !strcmp(u->name, "rad/s"))
      fputs(" rad=\"1\"", f);
    fputs("/></Unit>\n", f);
  }
  fputs("  </UnitDefinitions>\n", f);
}

/* modelDescription.xml (FMI 3.0, co-simulation). */
static void model_description3(FILE *f, const cs_model *model, const char *id,
                               const char *token, const cs_fmi_var *vars, int n)
{
  fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<fmiModelDescription fmiVersion=\"3.0\" "
        "modelName=\"", f);
  xml_text(f, cs_model_name(model));
  fprintf(f, "\" instantiationToken=\"%s\" generationTool=\"clearsim %s\" "
          "variableNamingConvention=\"flat\">\n", token, cs_version());
  fprintf(f, "  <CoSimulation modelIdentifier=\"%s\" canHandleVariableCommunicationStepSize="
          "\"true\" canGetAndSetFMUState=\"true\" canSerializeFMUState=\"true\" "
          "providesDirectionalDerivatives=\"false\" providesAdjointDerivatives=\"false\" "
          "hasEventMode=\"false\" providesIntermediateUpdate=\"false\" "
          "canReturnEarlyAfterIntermediateUpdate=\"false\"/>\n", id);
  xml_units(f);
  fprintf(f, "  <DefaultExperiment startTime=\"0\" stopTime=\"%.17g\" stepSize=\"%.17g\"/>\n",
          cs_model_t_end(model), cs_model_output_interval(model));
  fputs("  <ModelVariables>\n", f);
  for (int i = 0; i < n; i++)
    xml_variable(f, &vars[i], i);
  fputs("  </ModelVariables>\n  <ModelStructure>\n", f);
  for (int i = 0; i < n; i++)
    if (vars[i].causality == CS_FMI_OUTPUT)
      fprintf(f, "    <Output valueReference=\"%d\"/>\n", i);
  for (int i = 0; i < n; i++)
    if (vars[i].causality == CS_FMI_OUTPUT)
      fprintf(f, "    <InitialUnknown valueReference=\"%d\"/>\n", i);
  fputs("  </ModelStructure>\n</fmiModelDescription>\n", f);
}

/* One ScalarVariable (FMI 2.0): value reference = the table's index, time left out. */
static void xml_variable2(FILE *f, const cs_fmi_var *v, int vr)
{
  static const char *const causality[] = {"independent", "parameter", "input", "output"};
  static const char *const variability[] = {"continuous", "fixed", "continuous", "continuous"};
  fputs("    <ScalarVariable name=\"", f);
  xml_text(f, v->name);
  fprintf(f, "\" valueReference=\"%d\" causality=\"%s\" variability=\"%s\" description=\"", vr,
          causality[v->causality], variability[v->causality]);
  xml_text(f, v->description);
  fputs("\"><Real", f);
  if (v->unit && *v->unit)
    fprintf(f, " unit=\"%s\"", v->unit);
  if (v->causality == CS_FMI_PARAMETER || v->causality == CS_FMI_INPUT)
    fprintf(f, " start=\"%.17g\"", v->start);
  fputs("/></ScalarVariable>\n", f);
}

/* modelDescription.xml (FMI 2.0, co-simulation). ModelStructure's indices are 1-based
 * positions in ModelVariables: the table without time, so position = value reference. */
static void model_description2(FILE *f, const cs_model *model, const char *id,
                               const char *token, const cs_fmi_var *vars, int n)
{
  fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<fmiModelDescription fmiVersion=\"2.0\" "
        "modelName=\"", f);
  xml_text(f, cs_model_name(model));
  fprintf(f, "\" guid=\"%s\" generationTool=\"clearsim %s\" variableNamingConvention=\"flat\" "
          "numberOfEventIndicators=\"0\">\n", token, cs_version());
  fprintf(f, "  <CoSimulation modelIdentifier=\"%s\" canHandleVariableCommunicationStepSize="
          "\"true\" canGetAndSetFMUstate=\"true\" canSerializeFMUstate=\"true\" "
          "providesDirectionalDerivative=\"false\" canInterpolateInputs=\"false\" "
          "maxOutputDerivativeOrder=\"0\" canRunAsynchronuously=\"false\"/>\n", id);
  xml_units(f);
  fprintf(f, "  <DefaultExperiment startTime=\"0\" stopTime=\"%.17g\" stepSize=\"%.17g\"/>\n",
          cs_model_t_end(model), cs_model_output_interval(model));
  fputs("  <ModelVariables>\n", f);
  for (int i = 1; i < n; i++)
    xml_variable2(f, &vars[i], i);
  fputs("  </ModelVariables>\n  <ModelStructure>\n    <Outputs>\n", f);
  for (int i = 1; i < n; i++)
    if (vars[i].causality == CS_FMI_OUTPUT)
      fprintf(f, "      <Unknown index=\"%d\"/>\n", i);
  fputs("    </Outputs>\n    <InitialUnknowns>\n", f);
  for (int i = 1; i < n; i++)
    if (vars[i].causality == CS_FMI_OUTPUT)
      fprintf(f, "      <Unknown index=\"%d\"/>\n", i);
  fputs("    </InitialUnknowns>\n  </ModelStructure>\n</fmiModelDescription>\n", f);
}

/* The model's name as a C identifier (the library's file name and modelIdentifier). */
static void identifier(const cs_model *model, char *id, size_t size)
{
  snprintf(id, size, "%s", *cs_model_name(model) ? cs_model_name(model) : "model");
  for (char *c = id; *c; c++)
    if (!isalnum((unsigned char)*c))
      *c = '_';
  if (isdigit((unsigned char)*id))
    *id = '_';
}

/* modelDescription.xml of FMI `version` (2 or 3), into a memory buffer. */
static char *model_description(int version, const cs_model *model, const char *id,
                               const char *token, const cs_fmi_var *vars, int n, size_t *size)
{
  char *text = NULL;
  FILE *f = open_memstream(&text, size);
  if (!f)
    return NULL;
  (version == 2 ? model_description2 : model_description3)(f, model, id, token, vars, n);
  if (fclose(f)) {
    free(text);
    return NULL;
  }
  return text;
}

typedef struct fmu_options {
  const char *model, *output;
  const char **parameters, **inputs;
  int nparameters, ninputs, version;
} fmu_options;

static int export_fmu(const fmu_options *o, const cs_model *model, const cs_fmi_var *vars,
                      int nvar)
{
  char id[128], token[64], lib_name[200];
  identifier(model, id, sizeof id);
  /* the token: the model's and the configuration's CRCs, a GUID's shape */
  char *config = cs_fmi_config_json(o->parameters, o->nparameters, o->inputs, o->ninputs, NULL);
  const char *json = cs_model_json(model);
  uint32_t h1 = crc32_of((const unsigned char *)json, strlen(json));
  uint32_t h2 = config ? crc32_of((const unsigned char *)config, strlen(config)) : 0;
  snprintf(token, sizeof token, "{%08x-%04x-%04x-%04x-%08x%04x}", h1, h2 >> 16, h2 & 0xFFFF,
           (unsigned)(nvar & 0xFFFF), h1 ^ h2, (unsigned)o->version);
  free(config);
  config = cs_fmi_config_json(o->parameters, o->nparameters, o->inputs, o->ninputs, token);
  snprintf(lib_name, sizeof lib_name, "binaries/%s/%s.so",
           o->version == 2 ? "linux64" : "x86_64-linux", id);
  size_t lib_size = 0, md_size = 0;
  const char *lib_path = fmu_library();
  unsigned char *lib = read_all(lib_path, &lib_size);
  char *md = model_description(o->version, model, id, token, vars, nvar, &md_size);
  int code = 0;
  if (!lib || !lib_size) {
    fprintf(stderr, "clearsim fmu: cannot read the FMU library %s (build the target "
            "clearsim_fmu, or set CLEARSIM_FMU_LIBRARY)\n", lib_path);
    code = EXIT_INPUT;
  } else if (!md || !config) {
    fputs("clearsim fmu: out of memory\n", stderr);
    code = EXIT_MEMORY;
  } else {
    zip_entry e[] = {
      {"modelDescription.xml", (unsigned char *)md, md_size, 0, 0},
      {lib_name, lib, lib_size, 0, 0},
      {"resources/" CS_FMI_MODEL_FILE, (unsigned char *)json, strlen(json), 0, 0},
      {"resources/" CS_FMI_CONFIG_FILE, (unsigned char *)config, strlen(config), 0, 0}};
    if (write_zip(o->output, e, 4)) {
      fprintf(stderr, "clearsim fmu: cannot write %s\n", o->output);
      code = EXIT_OUTPUT;
    } else {
      printf("wrote %s: FMI %d.0 co-simulation, %d variables, model identifier %s\n",
             o->output, o->version, nvar - (o->version == 2), id);
    }
  }
  free(lib);
  free(md);
  free(config);
  return code;
}

static int parse(int argc, char **argv, fmu_options *o)
{
  enum { OPT_FMI = 256, OPT_PARAMETER, OPT_INPUT };
  static const struct option opts[] = {
    {"output", required_argument, NULL, 'o'}, {"fmi", required_argument, NULL, OPT_FMI},
    {"parameter", required_argument, NULL, OPT_PARAMETER},
    {"input", required_argument, NULL, OPT_INPUT}, {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};
  for (int c; (c = cli_getopt(argc, argv, "ho:", opts)) != -1;) {
    if (c == 'o')
      o->output = optarg;
    else if (c == OPT_FMI)
      o->version = atoi(optarg);
    else if (c == OPT_PARAMETER)
      o->parameters[o->nparameters++] = optarg;
    else if (c == OPT_INPUT)
      o->inputs[o->ninputs++] = optarg;
    else
      return EXIT_USAGE;
  }
  if (cli_arguments(argc, argv, 1, &o->model))
    return EXIT_USAGE;
  if (!o->model) {
    fputs(usage_fmu, stderr);
    return EXIT_USAGE;
  }
  if (o->version != 2 && o->version != 3) {
    fprintf(stderr, "clearsim fmu: --fmi %d: expected 3 (FMI 3.0) or 2 (FMI 2.0)\n",
            o->version);
    return EXIT_USAGE;
  }
  return 0;
}

int cli_fmu(int argc, char **argv)
{
  if (cli_wants_help(argc, argv)) {
    fputs(usage_fmu, stdout);
    return 0;
  }
  /* at most one pointer per argument */
  fmu_options o = {.parameters = calloc((size_t)argc, sizeof(char *)),
                   .inputs = calloc((size_t)argc, sizeof(char *)), .version = 3};
  int code = o.parameters && o.inputs ? parse(argc, argv, &o) : EXIT_MEMORY;
  char *default_output = NULL;
  if (!code && !o.output) {
    default_output = cli_default_output(o.model);
    char *dot = default_output ? strrchr(default_output, '.') : NULL;
    if (dot && !strcmp(dot, ".h5"))
      strcpy(dot, ".fmu");
    o.output = default_output;
  }
  cs_model *model = NULL;
  cs_fmi_var *vars = NULL;
  int nvar = 0;
  cs_error err;
  if (!code && (cs_model_load_file(o.model, NULL, &model, &err) ||
                cs_fmi_vars_build(model, cs_model_json(model), o.parameters, o.nparameters,
                                  o.inputs, o.ninputs, &vars, &nvar, &err))) {
    fprintf(stderr, "clearsim: %s\n", err.message);
    code = err.code == CS_ERR_MEMORY ? EXIT_MEMORY : EXIT_INPUT;
  }
  if (!code)
    code = export_fmu(&o, model, vars, nvar);
  free(vars);
  cs_model_free(model);
  free(default_output);
  free(o.parameters);
  free(o.inputs);
  return code;
}
